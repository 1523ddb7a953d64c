//! Files through the real binary: `--save` writes nothing but its target, and only a new
//! name or a regular file there; a run file's recorded outcome is never trusted.

mod common;
use common::searchlab;

fn folder(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("searchlab-files-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A link planted where an older SearchLab put its temporary file, `.NAME.tmp`, is not
/// written through: the temporary file has a random name and is created exclusively.
#[cfg(unix)]
#[test]
fn save_writes_through_no_planted_link() {
    let dir = folder("planted");
    let victim = dir.join("victim.txt");
    std::fs::write(&victim, "keep me").unwrap();
    std::os::unix::fs::symlink(&victim, dir.join(".out.ron.tmp")).unwrap();
    let out = dir.join("out.ron");
    let (code, _, stderr) = searchlab(&[
        "knight",
        "solve",
        "--board",
        "5x5",
        "--save",
        out.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "keep me");
    assert!(std::fs::symlink_metadata(&out).unwrap().is_file());
    assert!(
        std::fs::read_to_string(&out)
            .unwrap()
            .contains("searchlab-run")
    );
    // Nothing else was left in the folder: the run file, the victim and the link.
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 3);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A link, a pipe or a device as the target is refused before the run (exit 2) and left
/// as it was.
#[cfg(unix)]
#[test]
fn save_refuses_a_target_that_is_not_a_regular_file() {
    let dir = folder("targets");
    let victim = dir.join("victim.txt");
    std::fs::write(&victim, "keep me").unwrap();
    let link = dir.join("link.ron");
    std::os::unix::fs::symlink(&victim, &link).unwrap();
    let fifo = dir.join("fifo.ron");
    let fifo_made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .is_ok_and(|s| s.success());
    let mut targets = vec![
        (link.clone(), "symbolic link"),
        ("/dev/null".into(), "not a regular file"),
    ];
    if fifo_made {
        targets.push((fifo.clone(), "not a regular file"));
    }
    for (target, why) in targets {
        let (code, stdout, stderr) = searchlab(&[
            "knight",
            "solve",
            "--board",
            "5x5",
            "--save",
            target.to_str().unwrap(),
        ]);
        assert_eq!(code, 2, "{target:?}: {stdout}{stderr}");
        assert!(stderr.contains(why), "{target:?}: {stderr}");
    }
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "keep me");
    assert!(
        std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// A run file whose recorded outcome was edited is damaged (exit 2): a replay recomputes
/// the outcome and trusts none of it.
#[test]
fn a_doctored_outcome_is_damaged() {
    let dir = folder("doctored");
    let saved = dir.join("count.ron");
    let (code, _, stderr) = searchlab(&[
        "knight",
        "count",
        "--board",
        "6x6",
        "--start",
        "0,0",
        "--time-limit",
        "300ms",
        "--save",
        saved.to_str().unwrap(),
    ]);
    assert_eq!(code, 1, "an incomplete count: {stderr}");
    let text = std::fs::read_to_string(&saved).unwrap();
    // The untouched file replays to the same answer (exit 1: the count is incomplete).
    let (code, _, stderr) = searchlab(&["replay", saved.to_str().unwrap()]);
    assert_eq!(code, 1, "{stderr}");
    assert!(stderr.contains("same answer"), "{stderr}");
    let at = text.find("Stopped((").expect("a stop point");
    let (head, tail) = text.split_at(at);
    let edits = [
        // The stop point's reason: a count that ran to its end, a tour found.
        format!("{head}{}", tail.replacen("r#time-limit", "exhausted", 1)),
        format!("{head}{}", tail.replacen("r#time-limit", "found", 1)),
        // The report's own outcome.
        text.replacen("r#time-limit", "exhausted", 1),
        // No time limit, yet stopped by the clock.
        text.replacen("time: Some((secs: 0, nanos: 300000000))", "time: None", 1),
    ];
    for (i, edited) in edits.iter().enumerate() {
        assert_ne!(edited, &text, "edit {i} changed nothing");
        let path = dir.join(format!("edit-{i}.ron"));
        std::fs::write(&path, edited).unwrap();
        let (code, stdout, stderr) = searchlab(&["replay", path.to_str().unwrap(), "--json"]);
        assert_eq!(code, 2, "edit {i}: {stdout} {stderr}");
        assert!(stderr.contains("damaged"), "edit {i}: {stderr}");
        assert!(!stdout.contains("\"complete\":true"), "edit {i}: {stdout}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Standard output that cannot be written: a reader gone away (`| true`) is no error, a
/// full disk is one (exit 1 with the reason), never a panic, and `--help` and `--version`
/// say so too.
#[cfg(target_os = "linux")]
#[test]
fn output_that_cannot_be_written_is_an_error_not_a_panic() {
    use std::process::{Command, Stdio};
    let run = |args: &[&str], stdout: Stdio| {
        let out = Command::new(env!("CARGO_BIN_EXE_searchlab"))
            .args(args)
            .stdout(stdout)
            .stderr(Stdio::piped())
            .output()
            .unwrap();
        (
            out.status.code().unwrap_or(-1),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    let full = || Stdio::from(std::fs::File::create("/dev/full").unwrap());
    let cases: &[&[&str]] = &[
        &["queens", "count", "--n", "8", "--unique"],
        &["magic", "count", "--order", "3", "--unique"],
        &["--help"],
        &["--version"],
        &["knight", "solve", "--help"],
    ];
    for args in cases {
        let (code, stderr) = run(args, full());
        assert_eq!(code, 1, "{args:?}: {stderr}");
        assert!(stderr.contains("No space left"), "{args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    }
    // A reader that closed at once: nothing to report.
    for args in &cases[..2] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_searchlab"))
            .args(*args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        drop(child.stdout.take());
        let out = child.wait_with_output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "{args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    }
}
