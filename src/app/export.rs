//! Export of what is on screen: any region a view registers (its board, each plot, the
//! whole view) as a PNG cut from a screenshot of the next frame, and plot data as CSV.
//!
//! Views call [`register`] with the rectangles they drew; the app lists last frame's
//! regions in its Export menu.

use crate::app::error::AppError;
use egui::{Context, Rect};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

fn key() -> egui::Id {
    egui::Id::unique("searchlab-export-regions")
}

/// Offers `rect` (drawn this frame) for export under `name`.
pub fn register(ctx: &Context, name: &str, rect: Rect) {
    ctx.data_mut(|d| {
        let regions = d.get_temp_mut_or_default::<Vec<(String, Rect)>>(key());
        if !regions.iter().any(|(n, _)| n == name) {
            regions.push((name.to_string(), rect));
        }
    });
}

/// The regions registered since the last call (last frame's, when called early in a frame).
pub fn take_regions(ctx: &Context) -> Vec<(String, Rect)> {
    ctx.data_mut(|d| d.remove_temp::<Vec<(String, Rect)>>(key()))
        .unwrap_or_default()
}

/// `text` as a file name: lower-case letters and digits, anything else one dash.
pub fn slug(text: &str) -> String {
    let mut out = String::new();
    for c in text.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if !out.ends_with('-') {
            out.push('-');
        }
    }
    out.trim_matches('-').to_string()
}

/// A file name not taken yet in `dir`: `stem.ext`, else `stem-2.ext`, … (the stem made a
/// [`slug`]).
pub fn free_path(dir: &Path, stem: &str, ext: &str) -> PathBuf {
    let clean = slug(stem);
    let first = dir.join(format!("{clean}.{ext}"));
    if !first.exists() {
        return first;
    }
    (2..)
        .map(|i| dir.join(format!("{clean}-{i}.{ext}")))
        .find(|p| !p.exists())
        .expect("some number is free")
}

/// What became of the last export, filled in when the screenshot has been taken.
pub type ExportResult = Arc<Mutex<Option<Result<String, String>>>>;

/// Saves `rect` of the next frame as a PNG at `path`; `result` says how it went.
pub fn png(ctx: &Context, rect: Rect, path: PathBuf, result: ExportResult) {
    let ppp = ctx.pixels_per_point();
    let repaint = ctx.clone();
    ctx.request_screenshot(move |image| {
        let outcome = write_region(&image, rect, ppp, &path).map_err(|e| e.to_string());
        if let Ok(mut r) = result.lock() {
            *r = Some(outcome);
        }
        repaint.request_repaint();
    });
}

fn write_region(
    image: &egui::ColorImage,
    rect: Rect,
    pixels_per_point: f32,
    path: &Path,
) -> Result<String, AppError> {
    // The region inside the image (a rectangle partly off screen is cut to the screen).
    let screen = Rect::from_min_size(
        egui::Pos2::ZERO,
        egui::vec2(image.width() as f32, image.height() as f32) / pixels_per_point,
    );
    let rect = rect.intersect(screen);
    if rect.width() < 1.0 || rect.height() < 1.0 {
        return Err("that part is not on screen".into());
    }
    let part = image.region(&rect, Some(pixels_per_point));
    write_png(path, &part)?;
    Ok(format!(
        "saved {}×{} pixels to {}",
        part.width(),
        part.height(),
        crate::files::written_to(path)
    ))
}

/// Readies `path` for a file: makes the folder it is in, then checks that nothing but a
/// new name or a regular file is there (see [`crate::files::check_target`]).
pub fn prepare_file(path: &Path) -> Result<(), AppError> {
    if path.as_os_str().is_empty() {
        return Err("give a file name".into());
    }
    if let Some(dir) = path.parent().filter(|p| !p.as_os_str().is_empty())
        && crate::platform::DESKTOP
        && !dir.is_dir()
    {
        std::fs::create_dir_all(dir).map_err(|e| {
            AppError::File(format!("cannot make the folder {}: {e}", dir.display()))
        })?;
    }
    crate::files::check_target(path).map_err(AppError::File)
}

/// Writes `text` (a CSV table) to `path`; says where, or why not.
pub fn write_text(path: &Path, text: &str) -> Result<String, AppError> {
    prepare_file(path)?;
    crate::files::write_bytes(path, text.as_bytes())
        .map(|()| format!("wrote {}", crate::files::written_to(path)))
        .map_err(AppError::File)
}

/// Writes `image` as an 8-bit RGBA PNG, making the folder if needed.
pub fn write_png(path: &Path, image: &egui::ColorImage) -> Result<(), AppError> {
    prepare_file(path)?;
    let data: Vec<u8> = image
        .pixels
        .iter()
        .flat_map(egui::Color32::to_srgba_unmultiplied)
        .collect();
    crate::files::write_atomic(path, |out| {
        let mut encoder = png::Encoder::new(out, image.width() as u32, image.height() as u32);
        encoder.set_color(png::ColorType::Rgba);
        encoder.set_depth(png::BitDepth::Eight);
        encoder
            .write_header()
            .and_then(|mut w| w.write_image_data(&data))
            .map_err(std::io::Error::other)
    })
    .map_err(AppError::File)
}

/// Fitness (or conflicts) per generation as CSV.
pub fn history_csv(points: &[crate::solve::GenerationStats]) -> String {
    let header = [
        "generation",
        "best",
        "mean",
        "worst",
        "best_coverage",
        "diversity",
    ];
    let rows = points.iter().map(|g| {
        vec![
            g.generation.to_string(),
            g.best.to_string(),
            g.mean.to_string(),
            g.worst.to_string(),
            g.best_coverage.to_string(),
            g.diversity.to_string(),
        ]
    });
    crate::files::csv_text(&header, rows)
}
