//! `searchlab-app [LINK|FILE]`: SearchLab's window alone, opened as `searchlab open`
//! opens it. It is what the Windows packages start from the Start menu and for a
//! double-clicked run file: a GUI program there, so no console window opens beside the
//! app, and a failure to open the window is said in a message box. `searchlab.exe` stays
//! the console program, the command line. Built with `--features windows-app`.
#![cfg_attr(windows, windows_subsystem = "windows")]

#[cfg(not(target_arch = "wasm32"))]
fn main() -> std::process::ExitCode {
    let what = std::env::args_os()
        .nth(1)
        .map(|a| a.to_string_lossy().into_owned());
    match searchlab::cli::open_app(what) {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(why) => {
            tell(&format!("SearchLab could not start: {why}"));
            std::process::ExitCode::FAILURE
        }
    }
}

/// Says `text` where a program without a console can: a message box on Windows, standard
/// error elsewhere.
#[cfg(windows)]
fn tell(text: &str) {
    use windows_sys::Win32::UI::WindowsAndMessaging::{MB_ICONERROR, MB_OK, MessageBoxW};
    let wide = |s: &str| s.encode_utf16().chain([0]).collect::<Vec<u16>>();
    let (text, title) = (wide(text), wide("SearchLab"));
    // SAFETY: both are NUL-terminated UTF-16 strings that outlive the call; no owner window.
    unsafe {
        MessageBoxW(
            std::ptr::null_mut(),
            text.as_ptr(),
            title.as_ptr(),
            MB_OK | MB_ICONERROR,
        );
    }
}

#[cfg(all(not(windows), not(target_arch = "wasm32")))]
fn tell(text: &str) {
    eprintln!("{text}");
}

#[cfg(target_arch = "wasm32")]
fn main() {}
