//! Reading and writing the user's files safely, for the command line and the app alike.
//!
//! - A file is **written** whole or not at all, and nothing but a regular file or a new name
//!   is ever replaced: the text goes to a temporary file created exclusively under a random
//!   name in the same folder (`O_EXCL`, so no link is followed and no device or pipe is
//!   opened), the target is checked again just before the temporary file is renamed over
//!   it, and a link, a folder, a device or a pipe at the target is refused.
//! - A file is **read** only when it is a regular file (checked on the opened file, which is
//!   opened without waiting, so a pipe cannot block), and at most a given number of bytes.

use std::io::{Read, Write};
use std::path::Path;

/// Why a file could not be read or written, as a sentence for the user.
pub type FileError = String;

/// A path as messages show it: its control characters (a terminal's escapes, line
/// breaks) escaped, so that a file's name cannot reach a terminal or a CSV raw.
pub fn shown(path: &Path) -> String {
    path.display()
        .to_string()
        .chars()
        .flat_map(|c| {
            if c.is_control() {
                c.escape_debug().collect::<Vec<_>>()
            } else {
                vec![c]
            }
        })
        .collect()
}

/// Whether a file may be written at `path`: a new name in a folder that exists, or a
/// regular file to replace. A folder, a link, a device, a pipe or a socket is refused.
pub fn check_target(path: &Path) -> Result<(), FileError> {
    if path.as_os_str().is_empty() {
        return Err("give a file name".into());
    }
    if !crate::platform::DESKTOP {
        // A download: the browser names it and never replaces a file.
        return Ok(());
    }
    let refuse = |why: &str| Err(format!("{}: {why}", shown(path)));
    match std::fs::symlink_metadata(path) {
        Ok(meta) if meta.is_dir() => return refuse("that is a folder; give a file name"),
        Ok(meta) if meta.file_type().is_symlink() => {
            return refuse("that is a symbolic link; give the path of a regular file");
        }
        Ok(meta) if !meta.is_file() => {
            return refuse(
                "that is not a regular file (a device, a pipe or a socket); give a file name",
            );
        }
        _ => {}
    }
    if path.file_name().is_none() {
        return refuse("that is not a file name");
    }
    let parent = folder_of(path);
    if !parent.is_dir() {
        return Err(format!("the folder {} does not exist", shown(parent)));
    }
    Ok(())
}

/// The folder `path` is in (`.` for a bare name).
fn folder_of(path: &Path) -> &Path {
    path.parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."))
}

/// Writes the file at `path` whole or not at all with `write` (see the module's rules).
#[cfg(not(target_arch = "wasm32"))]
pub fn write_atomic(
    path: &Path,
    write: impl FnOnce(&mut dyn Write) -> std::io::Result<()>,
) -> Result<(), FileError> {
    check_target(path)?;
    let cannot = |e: &dyn std::fmt::Display| format!("cannot write {}: {e}", shown(path));
    let mut tmp = tempfile::Builder::new()
        .prefix(".searchlab-")
        .suffix(".tmp")
        .tempfile_in(folder_of(path))
        .map_err(|e| cannot(&e))?;
    {
        let mut out = std::io::BufWriter::new(tmp.as_file_mut());
        write(&mut out)
            .and_then(|()| out.flush())
            .map_err(|e| cannot(&e))?;
    }
    // The target may have changed while the text was written: look again.
    check_target(path)?;
    // On failure the temporary file is removed when `tmp` is dropped.
    tmp.persist(path).map_err(|e| cannot(&e.error))?;
    Ok(())
}

/// A web page has no folders to write in: the file becomes a download of the browser's,
/// named as the path's last part.
#[cfg(target_arch = "wasm32")]
pub fn write_atomic(
    path: &Path,
    write: impl FnOnce(&mut dyn Write) -> std::io::Result<()>,
) -> Result<(), FileError> {
    let mut bytes = Vec::new();
    write(&mut bytes).map_err(|e| format!("cannot write {}: {e}", shown(path)))?;
    crate::platform::download(&download_name(path), &bytes)
}

/// A file's name: the last part of `path` (a download's name in a browser).
pub fn download_name(path: &Path) -> String {
    path.file_name()
        .map_or_else(|| "searchlab".into(), |n| n.to_string_lossy().into_owned())
}

/// Where a file written at `path` went, for a message: the path on the desktop, "the
/// download NAME" in a browser.
pub fn written_to(path: &Path) -> String {
    if crate::platform::DESKTOP {
        shown(path)
    } else {
        format!("the download {}", download_name(path))
    }
}

/// Writes `bytes` at `path` whole or not at all (see [`write_atomic`]).
pub fn write_bytes(path: &Path, bytes: &[u8]) -> Result<(), FileError> {
    write_atomic(path, |out| out.write_all(bytes))
}

/// Writes `bytes` as a new file at `path`, never replacing anything there (a dangling link
/// included): `Ok(false)` when something is there already. In a browser, a download.
pub fn write_new(path: &Path, bytes: &[u8]) -> Result<bool, FileError> {
    if !crate::platform::DESKTOP {
        return write_bytes(path, bytes).map(|()| true);
    }
    let cannot = |e: std::io::Error| format!("cannot write {}: {e}", shown(path));
    match std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(path)
    {
        Ok(mut file) => file.write_all(bytes).map(|()| true).map_err(cannot),
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => Ok(false),
        Err(e) => Err(cannot(e)),
    }
}

/// Opens `path` for reading without waiting on it (a pipe with no writer would block an
/// ordinary open); with `no_link`, a symbolic link at `path` is not followed (the open
/// fails).
fn open_nonblocking(path: &Path, no_link: bool) -> std::io::Result<std::fs::File> {
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        let nofollow = if no_link { libc::O_NOFOLLOW } else { 0 };
        options.custom_flags(libc::O_NONBLOCK | nofollow);
    }
    #[cfg(not(unix))]
    let _ = no_link;
    options.open(path)
}

/// Reads `path`, a regular file of at most `cap` bytes; `what` names it in the messages
/// ("a run file", "a lesson").
pub fn read_capped(path: &Path, cap: u64, what: &str) -> Result<Vec<u8>, FileError> {
    read_capped_as(path, cap, what, false)
}

/// Reads `path` as UTF-8 text when it is a regular file itself, not a symbolic link
/// (which could lead out of the folder it is in: a folder of files handed in is read
/// this way), at most `cap` bytes.
pub fn read_text_not_linked(path: &Path, cap: u64, what: &str) -> Result<String, FileError> {
    if std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink()) {
        return Err(format!(
            "{} is a symbolic link: only the regular files in the folder are read, not what a link points to",
            shown(path)
        ));
    }
    String::from_utf8(read_capped_as(path, cap, what, true)?)
        .map_err(|_| format!("{} is not text (UTF-8); give {what}", shown(path)))
}

/// [`read_capped`]; with `no_link`, a symbolic link is refused even if it is put in the
/// file's place after the first look.
fn read_capped_as(path: &Path, cap: u64, what: &str, no_link: bool) -> Result<Vec<u8>, FileError> {
    let cannot = |e: std::io::Error| format!("cannot read {}: {e}", shown(path));
    // Refused before it is opened where possible, and on the opened file in any case (the
    // name may have changed between the two).
    let meta = std::fs::metadata(path).map_err(cannot)?;
    let not_regular = || {
        format!(
            "{} is not a regular file (a folder, a device or a pipe); give {what}",
            shown(path)
        )
    };
    if !meta.is_file() {
        return Err(not_regular());
    }
    let file = open_nonblocking(path, no_link).map_err(cannot)?;
    let meta = file.metadata().map_err(cannot)?;
    if !meta.is_file() {
        return Err(not_regular());
    }
    let too_large = || {
        format!(
            "{} is larger than {what} can be ({} at most)",
            shown(path),
            bytes_told(cap)
        )
    };
    if meta.len() > cap {
        return Err(too_large());
    }
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    file.take(cap + 1).read_to_end(&mut bytes).map_err(cannot)?;
    if bytes.len() as u64 > cap {
        return Err(too_large());
    }
    Ok(bytes)
}

/// Reads `path` as UTF-8 text (see [`read_capped`]).
pub fn read_text(path: &Path, cap: u64, what: &str) -> Result<String, FileError> {
    String::from_utf8(read_capped(path, cap, what)?)
        .map_err(|_| format!("{} is not text (UTF-8); give {what}", shown(path)))
}

/// `512 MiB`, `64 KiB`, `10 bytes`.
fn bytes_told(n: u64) -> String {
    match n {
        _ if n >= 1 << 20 && n.is_multiple_of(1 << 20) => format!("{} MiB", n >> 20),
        _ if n >= 1 << 10 && n.is_multiple_of(1 << 10) => format!("{} KiB", n >> 10),
        _ => format!("{n} bytes"),
    }
}

/// `header` and `rows` as CSV text, by one quoting rule (RFC 4180's, through the `csv`
/// crate): a field holding a comma, a quote or a line break is put in quotes, its quotes
/// doubled; lines end in `\n`.
pub fn csv_text<F: AsRef<[u8]>>(header: &[&str], rows: impl IntoIterator<Item = Vec<F>>) -> String {
    let mut csv = csv::WriterBuilder::new().from_writer(Vec::new());
    // Writing to memory cannot fail.
    let _ = csv.write_record(header);
    for row in rows {
        let _ = csv.write_record(&row);
    }
    let bytes = csv.into_inner().unwrap_or_default();
    String::from_utf8(bytes).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A value holding a comma, a quote and a line break reads back as it was.
    #[test]
    fn csv_fields_read_back_whatever_they_hold() {
        let tricky = "a, \"b\"\nc";
        let text = csv_text(&["name", "value"], [vec!["plain", "1"], vec![tricky, ""]]);
        let mut reader = csv::Reader::from_reader(text.as_bytes());
        assert_eq!(reader.headers().unwrap(), vec!["name", "value"]);
        let rows: Vec<Vec<String>> = (reader.records())
            .map(|r| r.unwrap().iter().map(str::to_string).collect())
            .collect();
        assert_eq!(rows, [vec!["plain", "1"], vec![tricky, ""]]);
        assert!(text.starts_with("name,value\nplain,1\n"));
    }

    fn folder(name: &str) -> std::path::PathBuf {
        let dir =
            std::env::temp_dir().join(format!("searchlab-files-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn a_write_replaces_a_regular_file_whole_and_leaves_nothing_behind() {
        let dir = folder("write");
        let target = dir.join("out.ron");
        write_bytes(&target, b"first").unwrap();
        write_bytes(&target, b"second").unwrap();
        assert_eq!(std::fs::read(&target).unwrap(), b"second");
        let names: Vec<_> = std::fs::read_dir(&dir).unwrap().flatten().collect();
        assert_eq!(names.len(), 1, "no temporary file is left");
        // A failed write leaves the old file as it was.
        let failed = write_atomic(&target, |_| Err(std::io::Error::other("disk full")));
        assert!(failed.unwrap_err().contains("disk full"));
        assert_eq!(std::fs::read(&target).unwrap(), b"second");
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1);
    }

    #[cfg(unix)]
    #[test]
    fn links_devices_and_pipes_are_never_written_through_or_replaced() {
        let dir = folder("links");
        let outside = dir.join("outside.txt");
        std::fs::write(&outside, "keep").unwrap();
        let link = dir.join("link.ron");
        std::os::unix::fs::symlink(&outside, &link).unwrap();
        assert!(
            write_bytes(&link, b"x")
                .unwrap_err()
                .contains("symbolic link")
        );
        assert_eq!(std::fs::read_to_string(&outside).unwrap(), "keep");
        assert!(
            std::fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        assert!(write_bytes(Path::new("/dev/null"), b"x").is_err());
        assert!(write_bytes(&dir, b"x").unwrap_err().contains("folder"));
        // A dangling link: write_new keeps it and writes nothing where it points.
        let dangling = dir.join("dangling.ron");
        std::os::unix::fs::symlink(dir.join("nowhere.txt"), &dangling).unwrap();
        assert_eq!(write_new(&dangling, b"x"), Ok(false));
        assert!(!dir.join("nowhere.txt").exists());
        assert_eq!(write_new(&dir.join("fresh.ron"), b"x"), Ok(true));
    }

    #[cfg(unix)]
    #[test]
    fn a_target_that_becomes_a_pipe_while_the_file_is_written_is_not_replaced() {
        let dir = folder("race");
        let target = dir.join("out.ron");
        let made = write_atomic(&target, |out| {
            let _ = std::process::Command::new("mkfifo").arg(&target).status();
            out.write_all(b"run")
        });
        if std::fs::symlink_metadata(&target).is_ok_and(|m| !m.is_file()) {
            assert!(made.unwrap_err().contains("not a regular file"));
            assert!(!std::fs::symlink_metadata(&target).unwrap().is_file());
            // The temporary file went with the failure.
            assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1);
        }
    }

    #[cfg(unix)]
    #[test]
    fn only_regular_files_within_the_cap_are_read() {
        let dir = folder("read");
        let file = dir.join("lesson.ron");
        std::fs::write(&file, "0123456789").unwrap();
        assert_eq!(read_text(&file, 10, "a lesson").unwrap(), "0123456789");
        let e = read_text(&file, 9, "a lesson").unwrap_err();
        assert!(
            e.contains("larger than a lesson can be (9 bytes at most)"),
            "{e}"
        );
        let e = read_text(Path::new("/dev/zero"), 1 << 20, "a lesson").unwrap_err();
        assert!(e.contains("not a regular file"), "{e}");
        assert!(read_text(&dir, 10, "a lesson").is_err());
        let fifo = dir.join("fifo.ron");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        if made.is_ok_and(|s| s.success()) {
            let e = read_text(&fifo, 10, "a lesson").unwrap_err();
            assert!(e.contains("not a regular file"), "{e}");
        }
    }
}
