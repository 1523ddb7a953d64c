//! The `searchlab` program: on the desktop the command line, which opens the app when
//! given no command; in a browser the app on the page's canvas, and the search of a Web
//! Worker that loads the same module (see `web/`).

#[cfg(not(target_arch = "wasm32"))]
use clap::{CommandFactory, FromArgMatches};
#[cfg(not(target_arch = "wasm32"))]
use searchlab::cli::{Cli, algorithm_list};
#[cfg(not(target_arch = "wasm32"))]
use searchlab::run::catalog::{KNIGHT_ALGORITHMS, MAGIC_ALGORITHMS, QUEENS_ALGORITHMS};
#[cfg(not(target_arch = "wasm32"))]
use std::process::ExitCode;

#[cfg(target_arch = "wasm32")]
mod web;

#[cfg(target_arch = "wasm32")]
fn main() {
    web::start();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() -> ExitCode {
    // eframe, winit and the GL driver log through `log`: RUST_LOG=info (or debug) shows it.
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn")).init();
    let list = |algorithms| {
        format!(
            "Algorithms (--algo) and their parameters (--param):\n{}",
            algorithm_list(algorithms)
        )
    };
    let command = Cli::command()
        .mut_subcommand("knight", |k| {
            k.mut_subcommand("solve", |s| s.after_help(list(KNIGHT_ALGORITHMS)))
        })
        .mut_subcommand("queens", |k| {
            k.mut_subcommand("solve", |s| s.after_help(list(QUEENS_ALGORITHMS)))
        })
        .mut_subcommand("magic", |k| {
            k.mut_subcommand("solve", |s| s.after_help(list(MAGIC_ALGORITHMS)))
        });
    let matches = match command.try_get_matches() {
        Ok(m) => m,
        Err(e) => return clap_exit(e),
    };
    let cli = match Cli::from_arg_matches(&matches) {
        Ok(cli) => cli,
        Err(e) => return clap_exit(e),
    };
    searchlab::cli::main(cli)
}

/// Prints clap's help, version or usage error as clap would, but with the exit status
/// saying whether it could be written: help to a full disk is an error (exit 1), not a
/// silent success.
#[cfg(not(target_arch = "wasm32"))]
fn clap_exit(e: clap::Error) -> ExitCode {
    use std::io::Write;
    let code = e.exit_code();
    let printed = e.print().and_then(|()| std::io::stdout().flush());
    match printed {
        Err(err) if err.kind() != std::io::ErrorKind::BrokenPipe => {
            eprintln!("searchlab: cannot write the output: {err}");
            ExitCode::from(1)
        }
        _ => ExitCode::from(code.clamp(0, 255) as u8),
    }
}
