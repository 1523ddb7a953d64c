//! Long-lived arrays of a search on the largest boards, asked to be backed by 2 MiB pages
//! (`madvise(MADV_HUGEPAGE)`) on Linux. A backtracking search on a board of 10⁸ squares
//! fills a path and a stack of frames of over a gigabyte between them; in 4 KiB pages
//! the kernel spent about 100 ms handing them back when Ctrl-C ended the program, where a
//! search must stop within 100 ms. Only arrays filled from the front and kept for the
//! whole search are marked: marking every large block (a global allocator) made blocks
//! allocated, copied into and freed again cost whole huge pages zeroed each time (a
//! random walk on 10⁸ squares took 0.65 s of CPU where it took 0.17). Distributions ship
//! transparent huge pages as `madvise`, so only marked memory gets them; where they are
//! off the mark does nothing, and on other systems nothing is marked.

/// The smallest array marked: smaller ones hand their pages back quickly anyway.
#[cfg(target_os = "linux")]
const LARGE: usize = 32 << 20;

/// Asks for 2 MiB pages for the whole huge pages inside `v`'s capacity, when it is large.
pub fn prefer_huge_pages<T>(v: &Vec<T>) {
    // The capacity, not the length: the array is filled after the mark.
    let (at, size) = (v.as_ptr() as usize, v.capacity() * std::mem::size_of::<T>());
    #[cfg(target_os = "linux")]
    {
        const HUGE: usize = 2 << 20;
        if size < LARGE {
            return;
        }
        let (start, end) = (at.next_multiple_of(HUGE), (at + size) & !(HUGE - 1));
        if end > start {
            // SAFETY: [start, end) lies inside `v`'s allocation, which this process owns
            // and which outlives the call; the advice changes how its pages are backed,
            // never their contents, and a refusal (no THP in this kernel) leaves them as
            // they were.
            unsafe {
                libc::madvise(start as *mut libc::c_void, end - start, libc::MADV_HUGEPAGE);
            }
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = (at, size);
}

#[cfg(all(test, target_os = "linux"))]
mod tests {
    use super::prefer_huge_pages;

    /// The kB of `AnonHugePages` in the mapping of `/proc/self/smaps` that holds `at`.
    fn huge_kb_at(at: usize) -> Option<u64> {
        let smaps = std::fs::read_to_string("/proc/self/smaps").ok()?;
        let mut inside = false;
        for line in smaps.lines() {
            let range = line.split_whitespace().next().unwrap_or("");
            if let Some((a, b)) = range.split_once('-')
                && let (Ok(a), Ok(b)) = (usize::from_str_radix(a, 16), usize::from_str_radix(b, 16))
            {
                inside = (a..b).contains(&at);
            } else if inside && let Some(kb) = line.strip_prefix("AnonHugePages:") {
                return kb.trim().trim_end_matches("kB").trim().parse().ok();
            }
        }
        None
    }

    /// A marked array, once written, is backed by huge pages where the kernel offers them
    /// (transparent huge pages `always` or `madvise`; with `never` there is nothing to see).
    #[test]
    fn a_marked_array_is_backed_by_huge_pages() {
        let offered = std::fs::read_to_string("/sys/kernel/mm/transparent_hugepage/enabled")
            .is_ok_and(|s| s.contains("[always]") || s.contains("[madvise]"));
        if !offered {
            return;
        }
        let mut v: Vec<u64> = Vec::with_capacity(8 << 20);
        prefer_huge_pages(&v);
        v.extend((0..8u64 << 20).map(|i| i ^ 0x5555));
        let middle = v.as_ptr() as usize + (32 << 20);
        let huge = huge_kb_at(middle).expect("the array's mapping is in smaps");
        assert!(huge >= 2048, "{huge} kB in huge pages");
        assert_eq!(v[12345], 12345 ^ 0x5555);
    }
}
