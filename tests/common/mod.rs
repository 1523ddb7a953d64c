//! What the tests that run the real binary share.

use std::process::Command;

/// Runs `searchlab ARGS`: (exit status, standard output, standard error).
#[allow(dead_code)]
pub fn searchlab(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_searchlab"))
        .args(args)
        .output()
        .expect("the binary runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Runs `searchlab ARGS` that must print one JSON object: (exit status, the object).
#[allow(dead_code)]
pub fn json(args: &[&str]) -> (i32, serde_json::Value) {
    let (code, stdout, stderr) = searchlab(args);
    let v = serde_json::from_str(&stdout)
        .unwrap_or_else(|e| panic!("not one JSON object ({e}): {stdout} {stderr}"));
    (code, v)
}

/// What [`watch`] saw of a run.
#[allow(dead_code)]
pub struct Watched {
    pub code: i32,
    pub stdout: String,
    pub wall: std::time::Duration,
    /// The most resident memory seen, in bytes (read from `/proc` every few milliseconds;
    /// 0 where there is no `/proc`).
    pub peak_rss: u64,
}

/// Runs `searchlab ARGS`, watching its wall time and memory; kills it after `kill_after`.
#[allow(dead_code)]
pub fn watch(args: &[&str], kill_after: std::time::Duration) -> Watched {
    watch_interrupted(args, kill_after, None).0
}

/// [`watch`], sending the process a Ctrl-C (SIGINT) after `interrupt_after` where given:
/// also how long it took to end after that.
#[allow(dead_code)]
pub fn watch_interrupted(
    args: &[&str],
    kill_after: std::time::Duration,
    interrupt_after: Option<std::time::Duration>,
) -> (Watched, Option<std::time::Duration>) {
    use std::io::Read;
    use std::process::Stdio;
    use std::time::{Duration, Instant};
    let started = Instant::now();
    let mut child = Command::new(env!("CARGO_BIN_EXE_searchlab"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the binary runs");
    let mut out = child.stdout.take().expect("piped");
    let reader = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = out.read_to_string(&mut s);
        s
    });
    let status_file = format!("/proc/{}/status", child.id());
    let mut peak_rss = 0;
    let mut interrupted: Option<Instant> = None;
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait works") {
            break status;
        }
        if let Some(after) = interrupt_after
            && interrupted.is_none()
            && started.elapsed() >= after
        {
            let _ = Command::new("kill")
                .args(["-INT", &child.id().to_string()])
                .status();
            interrupted = Some(Instant::now());
        }
        if let Ok(text) = std::fs::read_to_string(&status_file) {
            let rss = text
                .lines()
                .find_map(|l| l.strip_prefix("VmRSS:"))
                .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
                .unwrap_or(0);
            peak_rss = peak_rss.max(rss * 1024);
        }
        if started.elapsed() > kill_after {
            let _ = child.kill();
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    let wall = started.elapsed();
    let watched = Watched {
        code: status.code().unwrap_or(-1),
        stdout: reader.join().unwrap_or_default(),
        wall,
        peak_rss,
    };
    (watched, interrupted.map(|t| t.elapsed()))
}
