//! Step by step as an animated PNG (APNG), for a teacher's slides: the board at each step
//! of a range (and, if asked, the algorithm with its line lit), one frame a step or every
//! few steps. The view seeks each frame's step, lets a frame settle, takes a screenshot of
//! the region and hands it to a thread that encodes the file as the frames arrive, so the
//! UI thread never encodes and memory stays at a few frames.

use super::Traced;
use super::{Steps, TraceJob};
use crate::app::error::AppError;
use egui::{Context, Rect, Ui};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, Mutex};

/// The most frames an animation may have.
pub const MAX_FRAMES: usize = 2000;

/// What the user asks for.
#[derive(Debug, Clone, PartialEq)]
pub struct AnimationForm {
    /// The first step shown (0: before the first step).
    pub from: usize,
    /// The last step shown.
    pub to: usize,
    /// At most this many frames (every few steps when the range is longer).
    pub frames: usize,
    /// How long each frame shows, in milliseconds.
    pub ms: u32,
    /// The algorithm with its line lit beside the board.
    pub with_code: bool,
}

impl Default for AnimationForm {
    fn default() -> Self {
        AnimationForm {
            from: 0,
            to: 0,
            frames: 200,
            ms: 250,
            with_code: false,
        }
    }
}

/// The steps the frames show: `from..=to`, every `stride` steps so that at most `frames`
/// frames are made, the last step always among them.
pub fn frame_steps(from: usize, to: usize, frames: usize) -> Vec<usize> {
    let (from, to) = (from.min(to), from.max(to));
    let count = to - from + 1;
    let frames = frames.clamp(1, MAX_FRAMES);
    let stride = count.div_ceil(frames);
    let mut steps: Vec<usize> = (from..=to).step_by(stride).collect();
    if steps.last() != Some(&to) {
        if steps.len() == frames {
            steps.pop();
        }
        steps.push(to);
    }
    steps
}

/// What a recording is doing this frame.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Phase {
    /// Show the next frame's step.
    Seek,
    /// Let the step show for a frame before the screenshot.
    Settle,
    /// Waiting for the screenshot of the step.
    Shot,
}

/// A recording under way.
pub struct Recording {
    steps: Vec<usize>,
    next: usize,
    phase: Phase,
    rect: Rect,
    /// Screenshots taken (a callback counts them).
    taken: Arc<AtomicUsize>,
    frames: Option<Sender<Result<egui::ColorImage, String>>>,
    /// The file, and what became of it once the encoder is done.
    pub path: PathBuf,
    done: Arc<Mutex<Option<Result<String, String>>>>,
}

impl Recording {
    /// Starts recording `steps` of region `rect` into `path`, each frame shown `ms`.
    pub fn start(
        ctx: &Context,
        steps: Vec<usize>,
        rect: Rect,
        ms: u32,
        path: PathBuf,
    ) -> Result<Recording, AppError> {
        crate::app::export::prepare_file(&path)?;
        if steps.is_empty() {
            return Err("no steps to record".into());
        }
        let (tx, rx) = mpsc::channel();
        let done = Arc::new(Mutex::new(None));
        let (out, file, count, repaint) = (done.clone(), path.clone(), steps.len(), ctx.clone());
        std::thread::Builder::new()
            .name("apng".into())
            .spawn(move || {
                let result = encode(&file, count, ms, rx);
                if let Ok(mut d) = out.lock() {
                    *d = Some(result);
                }
                repaint.request_repaint();
            })
            .map_err(|e| AppError::File(format!("cannot start the encoder: {e}")))?;
        Ok(Recording {
            steps,
            next: 0,
            phase: Phase::Seek,
            rect,
            taken: Arc::new(AtomicUsize::new(0)),
            frames: Some(tx),
            path,
            done,
        })
    }

    /// `(frames taken, frames in all)`.
    pub fn progress(&self) -> (usize, usize) {
        (
            self.taken.load(Ordering::Relaxed).min(self.steps.len()),
            self.steps.len(),
        )
    }

    /// Whether every frame has been taken (the encoder may still be writing).
    pub fn captured(&self) -> bool {
        self.frames.is_none()
    }

    /// What became of the file, once the encoder is done.
    pub fn outcome(&self) -> Option<Result<String, String>> {
        self.done.lock().ok().and_then(|d| d.clone())
    }

    /// Stops: the encoder is told, and writes nothing.
    pub fn stop(&mut self) {
        if let Some(tx) = self.frames.take() {
            let _ = tx.send(Err("stopped before the last frame: no file written".into()));
        }
    }

    /// Called once a frame before the view is drawn: the step the view must show now, if it
    /// must move. After the view is drawn, [`Recording::after_frame`] takes the screenshot.
    pub fn before_frame(&mut self) -> Option<usize> {
        // Nothing to show once every frame is taken.
        self.frames.as_ref()?;
        if self.phase == Phase::Shot && self.taken.load(Ordering::Relaxed) > self.next {
            self.next += 1;
            self.phase = Phase::Seek;
            if self.next == self.steps.len() {
                // Every frame is taken: closing the channel lets the encoder finish.
                self.frames = None;
                return None;
            }
        }
        (self.phase == Phase::Seek).then(|| self.steps[self.next])
    }

    /// After the view is drawn: moves the phase on, and asks for the screenshot when the
    /// step has had a frame to settle.
    pub fn after_frame(&mut self, ctx: &Context) {
        let Some(tx) = self.frames.clone() else {
            return;
        };
        match self.phase {
            Phase::Seek => self.phase = Phase::Settle,
            Phase::Settle => {
                self.phase = Phase::Shot;
                let (rect, ppp, taken, repaint) = (
                    self.rect,
                    ctx.pixels_per_point(),
                    self.taken.clone(),
                    ctx.clone(),
                );
                ctx.request_screenshot(move |image| {
                    let screen = Rect::from_min_size(
                        egui::Pos2::ZERO,
                        egui::vec2(image.width() as f32, image.height() as f32) / ppp,
                    );
                    let frame = if screen.contains_rect(rect) {
                        Ok(image.region(&rect, Some(ppp)))
                    } else {
                        Err(
                            "the region left the window while recording: keep the window's size"
                                .to_string(),
                        )
                    };
                    let _ = tx.send(frame);
                    taken.fetch_add(1, Ordering::Relaxed);
                    repaint.request_repaint();
                });
            }
            Phase::Shot => {}
        }
        ctx.request_repaint();
    }
}

/// Writes the frames `rx` brings (`count` of them, all of one size) as an APNG at `path`,
/// each shown `ms`, looping for ever. Fails, writing nothing useful, when a frame is an
/// error, differs in size, or the frames stop before `count`.
pub fn encode(
    path: &Path,
    count: usize,
    ms: u32,
    rx: Receiver<Result<egui::ColorImage, String>>,
) -> Result<String, String> {
    // Written whole or not at all: a recording stopped part-way leaves no file, and only
    // a new name or a regular file is replaced.
    let (mut said, mut failed) = (None, None);
    crate::files::write_atomic(path, |out| {
        match encode_into(out, path, count, ms, rx) {
            Ok(s) => said = Some(s),
            Err(e) => failed = Some(e),
        }
        match &failed {
            Some(e) => Err(std::io::Error::other(e.clone())),
            None => Ok(()),
        }
    })
    .map_err(|e| failed.take().unwrap_or(e))?;
    Ok(said.unwrap_or_default())
}

/// [`encode`]'s frames, written to `out`.
fn encode_into(
    out: &mut dyn std::io::Write,
    path: &Path,
    count: usize,
    ms: u32,
    rx: Receiver<Result<egui::ColorImage, String>>,
) -> Result<String, String> {
    let first = rx
        .recv()
        .map_err(|_| "stopped before the first frame: no file written".to_string())??;
    let (w, h) = (first.width(), first.height());
    let mut encoder = png::Encoder::new(out, w as u32, h as u32);
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    let fail = |e: png::EncodingError| format!("cannot write {}: {e}", path.display());
    encoder.set_animated(count as u32, 0).map_err(fail)?;
    encoder
        .set_frame_delay(ms.min(u32::from(u16::MAX)) as u16, 1000)
        .map_err(fail)?;
    let mut writer = encoder.write_header().map_err(fail)?;
    let rgba = |image: &egui::ColorImage| -> Vec<u8> {
        image
            .pixels
            .iter()
            .flat_map(egui::Color32::to_srgba_unmultiplied)
            .collect()
    };
    let mut prev = rgba(&first);
    writer.write_image_data(&prev).map_err(fail)?;
    for k in 1..count {
        let frame = rx.recv().map_err(|_| {
            format!(
                "stopped after {k} frame{}: no file written",
                if k == 1 { "" } else { "s" }
            )
        })??;
        if (frame.width(), frame.height()) != (w, h) {
            return Err(format!(
                "frame {} is {}×{} pixels, the first {w}×{h}: keep the window's size while recording",
                k + 1,
                frame.width(),
                frame.height()
            ));
        }
        // Only the rectangle that changed since the frame before is stored: a step moves
        // a piece or two, so the file stays small.
        let next = rgba(&frame);
        let (x, y, fw, fh) = changed(&prev, &next, w, h);
        let mut part = Vec::with_capacity(fw * fh * 4);
        for row in y..y + fh {
            part.extend_from_slice(&next[(row * w + x) * 4..(row * w + x + fw) * 4]);
        }
        // Back to the corner first: the new size at the old place may not fit.
        writer
            .set_frame_position(0, 0)
            .and_then(|()| writer.set_frame_dimension(fw as u32, fh as u32))
            .and_then(|()| writer.set_frame_position(x as u32, y as u32))
            .and_then(|()| writer.write_image_data(&part))
            .map_err(fail)?;
        prev = next;
    }
    writer.finish().map_err(fail)?;
    Ok(format!(
        "saved {count} frames of {w}×{h} pixels, {ms} ms each, to {}",
        path.display()
    ))
}

impl<J: TraceJob> Steps<J> {
    /// "Animation (APNG)": the range, the frames, their pace, and Record; while recording,
    /// its progress and Stop.
    pub(super) fn animation_ui(&mut self, ui: &mut Ui) {
        let Some(s) = self.shown.as_ref() else {
            return;
        };
        let (len, here, title) = (s.timeline.len(), s.play.pos, s.timeline.trace.title());
        if let Some(out) = self.recording.as_ref().and_then(Recording::outcome) {
            self.anim_said = Some(out);
            self.recording = None;
        }
        egui::CollapsingHeader::new("Animation (APNG)")
            .id_salt("steps-animation")
            .show(ui, |ui| {
                if let Some(rec) = self.recording.as_mut() {
                    let (done, all) = rec.progress();
                    ui.add(
                        egui::ProgressBar::new(done as f32 / all.max(1) as f32)
                            .text(format!("frame {done} of {all}")),
                    );
                    if rec.captured() {
                        ui.label("Writing the file…");
                    } else if ui.button("Stop recording").clicked() {
                        rec.stop();
                    }
                    return;
                }
                ui.label("Record the board step by step as an animated PNG, for slides (browsers and most presentation tools play it).");
                let a = &mut self.anim;
                if a.to == 0 || a.to > len {
                    a.to = len;
                }
                a.from = a.from.min(a.to);
                range_form(ui, a, len, here);
                let tick = ui.add_enabled(
                    self.wide,
                    egui::Checkbox::new(&mut a.with_code, "with the algorithm beside the board"),
                );
                if !self.wide {
                    a.with_code = false;
                    tick.on_disabled_hover_text("The algorithm is beside the board only in a wider window");
                }
                let steps = frame_steps(a.from, a.to, a.frames);
                let stride = if steps.len() > 1 { steps[1] - steps[0] } else { 1 };
                ui.label(format!(
                    "{} frame{}, {}, {:.1} s in all",
                    steps.len(),
                    if steps.len() == 1 { "" } else { "s" },
                    if stride == 1 { "every step".to_string() } else { format!("every {stride} steps") },
                    steps.len() as f64 * f64::from(a.ms) / 1000.0
                ));
                let region = [self.regions[0], self.regions[1], self.regions[2].filter(|_| a.with_code)]
                    .into_iter()
                    .flatten()
                    .reduce(egui::Rect::union);
                let record = ui
                    .add_enabled(region.is_some(), egui::Button::new("Record APNG"))
                    .on_hover_text("Shows each frame's step in turn and saves the file in the runs folder")
                    .on_disabled_hover_text("Show the board first");
                if record.clicked()
                    && let Some(region) = region
                {
                    let dir = ui
                        .ctx()
                        .data(|d| d.get_temp::<PathBuf>(crate::app::files_dir_id()))
                        .unwrap_or_else(crate::app::runs::runs_dir);
                    // The file is named by the algorithm, the first word of the title.
                    let name = title.split(' ').next().unwrap_or("trace");
                    let path = crate::app::export::free_path(&dir, &format!("searchlab-steps-{name}"), "png");
                    match Recording::start(ui.ctx(), steps, region.expand(2.0), a.ms, path) {
                        Ok(rec) => {
                            self.recording = Some(rec);
                            self.anim_said = None;
                            ui.ctx().request_repaint();
                        }
                        Err(e) => self.anim_said = Some(Err(e.to_string())),
                    }
                }
                match &self.anim_said {
                    Some(Ok(m)) => {
                        ui.colored_label(ui.visuals().hyperlink_color, m);
                    }
                    Some(Err(e)) => {
                        ui.colored_label(ui.visuals().error_fg_color, format!("No animation: {e}"));
                    }
                    None => {}
                }
            });
    }
}

/// The animation's range (from and to the step on show when asked), frames and pace.
fn range_form(ui: &mut Ui, a: &mut AnimationForm, len: usize, here: usize) {
    egui::Grid::new("animation-form")
        .num_columns(2)
        .show(ui, |ui| {
            let l = ui.label("From step");
            ui.horizontal(|ui| {
                ui.add(egui::DragValue::new(&mut a.from).range(0..=len))
                    .labelled_by(l.id);
                if ui
                    .button("here")
                    .on_hover_text("The step on show")
                    .clicked()
                {
                    a.from = here;
                }
            });
            ui.end_row();
            let l = ui.label("To step");
            ui.horizontal(|ui| {
                ui.add(egui::DragValue::new(&mut a.to).range(0..=len))
                    .labelled_by(l.id);
                if ui
                    .button("here")
                    .on_hover_text("The step on show")
                    .clicked()
                {
                    a.to = here;
                }
            });
            ui.end_row();
            let l = ui.label("Frames, at most");
            ui.add(egui::DragValue::new(&mut a.frames).range(1..=MAX_FRAMES))
                .labelled_by(l.id)
                .on_hover_text("A longer range shows every few steps");
            ui.end_row();
            let l = ui.label("ms a frame");
            ui.add(egui::DragValue::new(&mut a.ms).range(20..=10_000))
                .labelled_by(l.id);
            ui.end_row();
        });
}

/// The smallest rectangle `(x, y, width, height)` holding every pixel where `a` and `b`
/// (RGBA, `w`×`h`) differ; a single pixel when none does.
fn changed(a: &[u8], b: &[u8], w: usize, h: usize) -> (usize, usize, usize, usize) {
    let (mut x0, mut y0, mut x1, mut y1) = (w, h, 0, 0);
    for y in 0..h {
        let row = y * w * 4..(y + 1) * w * 4;
        if a[row.clone()] == b[row.clone()] {
            continue;
        }
        (y0, y1) = (y0.min(y), y1.max(y + 1));
        let (pa, pb) = (&a[row.clone()], &b[row]);
        let first = (0..w).find(|&x| pa[x * 4..x * 4 + 4] != pb[x * 4..x * 4 + 4]);
        let last = (0..w)
            .rev()
            .find(|&x| pa[x * 4..x * 4 + 4] != pb[x * 4..x * 4 + 4]);
        if let (Some(f), Some(l)) = (first, last) {
            (x0, x1) = (x0.min(f), x1.max(l + 1));
        }
    }
    if x0 >= x1 || y0 >= y1 {
        (0, 0, 1, 1)
    } else {
        (x0, y0, x1 - x0, y1 - y0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use egui::{Color32, ColorImage};

    #[test]
    fn frames_cover_the_range_and_end_on_its_last_step() {
        assert_eq!(frame_steps(0, 4, 10), vec![0, 1, 2, 3, 4]);
        assert_eq!(frame_steps(10, 30, 5), vec![10, 15, 20, 25, 30]);
        // 1,000 steps in at most 7 frames: every 143rd, and the last.
        let s = frame_steps(0, 999, 7);
        assert!(s.len() <= 7, "{s:?}");
        assert_eq!((s[0], *s.last().unwrap()), (0, 999));
        assert!(s.windows(2).all(|w| w[0] < w[1]));
        assert_eq!(frame_steps(5, 5, 100), vec![5]);
    }

    #[test]
    fn an_apng_has_every_frame_as_sent() {
        let dir = std::env::temp_dir().join(format!("searchlab-apng-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("a.png");
        let colours = [Color32::RED, Color32::GREEN, Color32::BLUE];
        let (tx, rx) = mpsc::channel();
        for c in colours {
            tx.send(Ok(ColorImage::new([4, 3], vec![c; 12]))).unwrap();
        }
        let said = encode(&path, 3, 100, rx).unwrap();
        assert!(said.contains("3 frames of 4×3"), "{said}");
        // Read back with the decoder: three frames, a tenth of a second each, the colours
        // in order.
        let decoder =
            png::Decoder::new(std::io::BufReader::new(std::fs::File::open(&path).unwrap()));
        let mut reader = decoder.read_info().unwrap();
        let control = reader.info().animation_control.unwrap();
        assert_eq!((control.num_frames, control.num_plays), (3, 0));
        let mut buf = vec![0; reader.output_buffer_size().unwrap()];
        for c in colours {
            reader.next_frame(&mut buf).unwrap();
            let fc = reader.info().frame_control.unwrap();
            assert_eq!((fc.delay_num, fc.delay_den), (100, 1000));
            assert_eq!(&buf[..4], &c.to_srgba_unmultiplied());
        }
        // Frames that change a little are stored as the part that changed, and put back
        // together they are the frames sent.
        let mut frames = Vec::new();
        for k in 0..6usize {
            let mut px = vec![Color32::WHITE; 10 * 8];
            px[k * 9 + 3] = Color32::BLACK;
            px[(k * 5 + 1) % 80] = Color32::RED;
            frames.push(ColorImage::new([10, 8], px));
        }
        // A change in the far corner after one near the other: the small rectangle moves
        // to where the large one would not have fitted.
        let mut px = vec![Color32::WHITE; 10 * 8];
        px[79] = Color32::BLUE;
        frames.push(ColorImage::new([10, 8], px.clone()));
        px[78] = Color32::BLUE;
        frames.push(ColorImage::new([10, 8], px));
        let mut px = vec![Color32::WHITE; 10 * 8];
        px[0] = Color32::RED;
        frames.push(ColorImage::new([10, 8], px));
        let (tx, rx) = mpsc::channel();
        frames.iter().for_each(|f| tx.send(Ok(f.clone())).unwrap());
        encode(&path, frames.len(), 40, rx).unwrap();
        let decoder =
            png::Decoder::new(std::io::BufReader::new(std::fs::File::open(&path).unwrap()));
        let mut reader = decoder.read_info().unwrap();
        let mut canvas = vec![0u8; 10 * 8 * 4];
        let mut buf = vec![0; reader.output_buffer_size().unwrap()];
        for (k, f) in frames.iter().enumerate() {
            reader.next_frame(&mut buf).unwrap();
            let fc = reader.info().frame_control.unwrap();
            let (x, y, fw, fh) = (
                fc.x_offset as usize,
                fc.y_offset as usize,
                fc.width as usize,
                fc.height as usize,
            );
            if k == 7 {
                assert_eq!((x, y, fw, fh), (8, 7, 1, 1));
            }
            if k > 0 && k != 6 && k != 8 {
                assert!(fw * fh < 80, "frame {k} is stored whole");
            }
            for row in 0..fh {
                let at = ((y + row) * 10 + x) * 4;
                canvas[at..at + fw * 4].copy_from_slice(&buf[row * fw * 4..(row + 1) * fw * 4]);
            }
            let want: Vec<u8> = f
                .pixels
                .iter()
                .flat_map(egui::Color32::to_srgba_unmultiplied)
                .collect();
            assert_eq!(canvas, want, "frame {k}");
        }
        // A frame of another size, or frames that stop early, fail.
        let (tx, rx) = mpsc::channel();
        tx.send(Ok(ColorImage::new([4, 3], vec![Color32::RED; 12])))
            .unwrap();
        tx.send(Ok(ColorImage::new([5, 3], vec![Color32::RED; 15])))
            .unwrap();
        assert!(
            encode(&path, 2, 100, rx)
                .unwrap_err()
                .contains("keep the window's size")
        );
        let (tx, rx) = mpsc::channel();
        tx.send(Ok(ColorImage::new([4, 3], vec![Color32::RED; 12])))
            .unwrap();
        drop(tx);
        assert!(
            encode(&path, 2, 100, rx)
                .unwrap_err()
                .contains("stopped after 1 frame:")
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}
