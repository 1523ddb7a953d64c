//! What the window needs before the app runs: its icon, and a saved zoom that eframe would
//! choke on, repaired.

/// The app's icon: a knight on a board (drawn by `scripts/make-icon.py`).
const ICON_PNG: &[u8] = include_bytes!("../../assets/icon-256.png");

/// The icon as RGBA pixels.
pub fn icon() -> Result<egui::IconData, png::DecodingError> {
    let mut decoder = png::Decoder::new(std::io::Cursor::new(ICON_PNG));
    decoder.set_transformations(png::Transformations::normalize_to_color8());
    let mut reader = decoder.read_info()?;
    let mut rgba = vec![0; reader.output_buffer_size().unwrap_or(0)];
    let info = reader.next_frame(&mut rgba)?;
    rgba.truncate(info.buffer_size());
    Ok(egui::IconData {
        rgba,
        width: info.width,
        height: info.height,
    })
}

/// The most a saved state (`app.ron`) may hold: a few kilobytes are usual.
pub const MAX_STATE_BYTES: u64 = 16 << 20;

/// Where eframe reads and writes the app's state, made safe before it does: eframe opens
/// `app.ron` as it finds it, so one that is not a regular file (a pipe would hang the start,
/// a device fill memory, a link be written through) or that is larger than
/// [`MAX_STATE_BYTES`] is moved aside to `app.ron.refused` and the app starts afresh; if it
/// cannot be moved, this run keeps its state in a new file elsewhere. Returns that path,
/// if other than the usual one, and a sentence for the user.
pub fn check_saved_state(path: &std::path::Path) -> (Option<std::path::PathBuf>, Option<String>) {
    let why = match std::fs::symlink_metadata(path) {
        Err(_) => return (None, None),
        Ok(m) if m.file_type().is_symlink() => "is a symbolic link",
        Ok(m) if !m.is_file() => "is not a regular file (a folder, a device or a pipe)",
        Ok(m) if m.len() > MAX_STATE_BYTES => "is larger than a saved state can be (16 MiB)",
        Ok(_) => return (None, None),
    };
    let mut aside = path.as_os_str().to_owned();
    aside.push(".refused");
    let aside = std::path::PathBuf::from(aside);
    if std::fs::symlink_metadata(&aside).is_err() && std::fs::rename(path, &aside).is_ok() {
        return (
            None,
            Some(format!(
                "The saved state {} {why}: it was moved to {} and SearchLab starts afresh.",
                path.display(),
                aside.display()
            )),
        );
    }
    let elsewhere =
        std::env::temp_dir().join(format!("searchlab-state-{}.ron", std::process::id()));
    (
        Some(elsewhere.clone()),
        Some(format!(
            "The saved state {} {why} and could not be moved aside: SearchLab starts afresh and keeps this session's state in {}.",
            path.display(),
            elsewhere.display()
        )),
    )
}

/// The zoom egui allows (its own bounds for Ctrl +/−).
const ZOOM_RANGE: std::ops::RangeInclusive<f32> = 0.2..=5.0;

/// Repairs what eframe restores before the app exists: a zoom outside egui's range in the
/// saved egui memory (the file at `path`) makes the window's creation panic, at every
/// start. Such a zoom is put back to 100 %; the sentence says so. Anything unreadable is
/// left to the usual checks.
pub fn repair_saved_zoom(path: &std::path::Path) -> Option<String> {
    let text = crate::files::read_text(path, MAX_STATE_BYTES, "a saved state").ok()?;
    let mut kv: std::collections::HashMap<String, String> = ron::from_str(&text).ok()?;
    let mut memory: egui::Memory = ron::from_str(kv.get("egui")?).ok()?;
    let zoom = memory.options.zoom_factor;
    if ZOOM_RANGE.contains(&zoom) {
        return None;
    }
    memory.options.zoom_factor = 1.0;
    kv.insert("egui".into(), ron::to_string(&memory).ok()?);
    let repaired = ron::ser::to_string_pretty(&kv, ron::ser::PrettyConfig::default()).ok()?;
    crate::files::write_bytes(path, repaired.as_bytes()).ok()?;
    Some(format!(
        "The saved zoom ({zoom}) was outside {}–{} and was reset to 100 %.",
        ZOOM_RANGE.start(),
        ZOOM_RANGE.end()
    ))
}

#[cfg(test)]
mod tests {
    #[cfg(unix)]
    #[test]
    fn a_saved_state_that_is_no_regular_file_is_moved_aside() {
        let dir = std::env::temp_dir().join(format!("searchlab-state-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("app.ron");
        assert_eq!(super::check_saved_state(&path), (None, None));
        std::fs::write(&path, "{}").unwrap();
        assert_eq!(super::check_saved_state(&path), (None, None));
        std::fs::remove_file(&path).unwrap();
        std::os::unix::fs::symlink("/dev/zero", &path).unwrap();
        let (elsewhere, said) = super::check_saved_state(&path);
        assert_eq!(elsewhere, None);
        assert!(said.unwrap().contains("moved to"));
        assert!(std::fs::symlink_metadata(&path).is_err());
        assert!(dir.join("app.ron.refused").exists());
        // Moved aside once already: this run keeps its state elsewhere.
        std::os::unix::fs::symlink("/dev/zero", &path).unwrap();
        let (elsewhere, said) = super::check_saved_state(&path);
        assert!(elsewhere.is_some() && said.unwrap().contains("could not be moved"));
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_saved_zoom_out_of_range_is_put_back_to_100_percent() {
        let path = std::env::temp_dir().join(format!("searchlab-zoom-{}.ron", std::process::id()));
        for (bad, fixed) in [(0.0_f32, true), (1e9, true), (f32::NAN, true), (1.5, false)] {
            let mut memory = egui::Memory::default();
            memory.options.zoom_factor = bad;
            let kv: std::collections::HashMap<String, String> = [
                ("egui".to_string(), ron::to_string(&memory).unwrap()),
                ("searchlab".to_string(), "(version: 1)".to_string()),
            ]
            .into();
            std::fs::write(&path, ron::to_string(&kv).unwrap()).unwrap();
            let said = super::repair_saved_zoom(&path);
            assert_eq!(said.is_some(), fixed, "{bad}: {said:?}");
            let back: std::collections::HashMap<String, String> =
                ron::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
            let memory: egui::Memory = ron::from_str(&back["egui"]).unwrap();
            let expected = if fixed { 1.0 } else { bad };
            assert_eq!(memory.options.zoom_factor, expected, "{bad}");
            assert_eq!(
                back["searchlab"], "(version: 1)",
                "the app's own state is kept"
            );
        }
        let _ = std::fs::remove_file(&path);
    }

    #[test]
    fn the_icon_is_a_256_pixel_square_of_rgba() {
        let icon = super::icon().expect("the icon in assets/ is a PNG");
        assert_eq!((icon.width, icon.height), (256, 256));
        assert_eq!(icon.rgba.len(), 256 * 256 * 4);
        // Not blank: the knight is dark on a light and dark board.
        let (min, max) = icon
            .rgba
            .chunks(4)
            .map(|p| p[0])
            .fold((255, 0), |(lo, hi), v| (lo.min(v), hi.max(v)));
        assert!(max - min > 150, "{min}..{max}");
    }
}
