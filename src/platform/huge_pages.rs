//! The allocator of the `searchlab` program on Linux: the system's, with every block of
//! 32 MiB and more marked for 2 MiB pages (`madvise(MADV_HUGEPAGE)`). A search on a board
//! of 10⁸ squares holds over a gigabyte in a few arrays; in 4 KiB pages the kernel spent
//! about 100 ms handing them back when Ctrl-C ended the program, where a search must stop
//! within 100 ms, and taking each page on first touch slowed the search. Distributions
//! ship transparent huge pages as `madvise`, so only marked memory gets them; where they
//! are off, the mark does nothing.

use std::alloc::{GlobalAlloc, Layout, System};

/// The system's allocator, asking for huge pages for large blocks.
pub struct HugePagesForLargeBlocks;

/// The smallest block marked.
const LARGE: usize = 32 << 20;
/// A huge page.
const HUGE: usize = 2 << 20;

/// Marks the whole huge pages inside `size` bytes at `ptr`, when the block is large.
fn mark(ptr: *mut u8, size: usize) {
    if ptr.is_null() || size < LARGE {
        return;
    }
    let start = (ptr as usize).next_multiple_of(HUGE);
    let end = (ptr as usize + size) & !(HUGE - 1);
    if end > start {
        // SAFETY: [start, end) lies inside the block just allocated, which this process
        // owns; the advice changes how its pages are backed, never their contents, and a
        // refusal (no THP in this kernel) leaves it as it was.
        unsafe {
            libc::madvise(start as *mut libc::c_void, end - start, libc::MADV_HUGEPAGE);
        }
    }
}

// SAFETY: every call is passed on to `System` unchanged; `mark` only advises the kernel on
// memory `System` has just returned.
unsafe impl GlobalAlloc for HugePagesForLargeBlocks {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's contract for `alloc` is `System.alloc`'s.
        let ptr = unsafe { System.alloc(layout) };
        mark(ptr, layout.size());
        ptr
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: as for `alloc`.
        let ptr = unsafe { System.alloc_zeroed(layout) };
        mark(ptr, layout.size());
        ptr
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from `System` with this layout.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: `ptr` came from `System` with this layout; the caller's contract is
        // `System.realloc`'s.
        let ptr = unsafe { System.realloc(ptr, layout, new_size) };
        mark(ptr, new_size);
        ptr
    }
}
