//! What differs between the desktop and the browser, in one place, so that no other
//! module needs a `cfg`: the clock (`std`'s `Instant` panics in a browser) and where a
//! job runs (a thread of its own on the desktop, a Web Worker in the browser).

/// Whether this is the desktop build (files and folders of this computer, threads) rather
/// than the browser's.
pub const DESKTOP: bool = cfg!(not(target_arch = "wasm32"));

pub mod huge_pages;

/// The clock: `std::time`'s on the desktop, the browser's `performance.now()` in a browser.
pub mod time {
    pub use web_time::{Instant, SystemTime, UNIX_EPOCH};
}

/// The cores this machine has, as the system (or the browser) says; 1 where it does not say.
pub fn cores() -> usize {
    #[cfg(target_arch = "wasm32")]
    {
        web_sys::window().map_or(1, |w| w.navigator().hardware_concurrency() as usize)
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        std::thread::available_parallelism().map_or(1, std::num::NonZero::get)
    }
}

/// How many parts a job that splits (a count from every square, the Experiments' tables)
/// is shared out in: a part per core, but in a browser one core is left to the page, whose
/// frames (drawn on its own thread, which the workers' compete with) fell to about 12 a
/// second with every core counting.
pub fn parts_for_jobs() -> usize {
    let cores = cores();
    if DESKTOP {
        cores
    } else {
        cores.saturating_sub(1).max(1)
    }
}

/// The page's address without its `#` part, which a link follows; `None` on the desktop,
/// where a link is only the part from `#`.
pub fn page_address() -> Option<String> {
    #[cfg(target_arch = "wasm32")]
    {
        let href = web_sys::window()?.location().href().ok()?;
        Some(href.split('#').next().unwrap_or_default().to_string())
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        None
    }
}

/// Hands `bytes` to the browser as a download called `name` (a web page has no folders
/// to write in).
#[cfg(target_arch = "wasm32")]
pub fn download(name: &str, bytes: &[u8]) -> Result<(), String> {
    use wasm_bindgen::JsCast;
    let failed = |e: wasm_bindgen::JsValue| format!("the browser did not take {name}: {e:?}");
    let document = web_sys::window()
        .and_then(|w| w.document())
        .ok_or("this page has no document")?;
    let parts = js_sys::Array::of1(&js_sys::Uint8Array::from(bytes));
    let blob = web_sys::Blob::new_with_u8_array_sequence(&parts).map_err(failed)?;
    let url = web_sys::Url::create_object_url_with_blob(&blob).map_err(failed)?;
    let link = (document.create_element("a").map_err(failed)?)
        .dyn_into::<web_sys::HtmlAnchorElement>()
        .map_err(|_| "the page made no link".to_string())?;
    link.set_href(&url);
    link.set_download(name);
    link.click();
    web_sys::Url::revoke_object_url(&url).map_err(failed)
}

/// Asks the browser for a file (its picker, for files with the extensions `accept`, such
/// as `.ron`) and hands its name and bytes to `picked` once it is read, or why not (a file
/// of more than `cap` bytes is not read).
#[cfg(target_arch = "wasm32")]
pub fn pick_file(
    accept: &str,
    cap: usize,
    picked: impl FnOnce(String, Result<Vec<u8>, String>) + 'static,
) -> Result<(), String> {
    pick_files(accept, cap, 1, cap, move |files| {
        if let Some((name, bytes)) = files.into_iter().next() {
            picked(name, bytes);
        }
    })
}

/// Asks the browser for files (its picker, for files with the extensions `accept`; several
/// at once when `most` is more than one) and hands each one's name and bytes, or why it was not read, to `picked` once
/// all are read: a file of more than `cap` bytes is not read, nor are the files past
/// `most` or past `total` bytes in all.
#[cfg(target_arch = "wasm32")]
pub fn pick_files(
    accept: &str,
    cap: usize,
    most: usize,
    total: usize,
    picked: impl FnOnce(Vec<(String, Result<Vec<u8>, String>)>) + 'static,
) -> Result<(), String> {
    use wasm_bindgen::JsCast;
    use wasm_bindgen::prelude::Closure;
    let failed = |e: wasm_bindgen::JsValue| format!("the browser's file picker failed: {e:?}");
    let document = web_sys::window()
        .and_then(|w| w.document())
        .ok_or("this page has no document")?;
    let input = (document.create_element("input").map_err(failed)?)
        .dyn_into::<web_sys::HtmlInputElement>()
        .map_err(|_| "the page made no file field".to_string())?;
    // A field left by a picker the student cancelled (no change event came) goes now:
    // one at a time in the page.
    const FIELD: &str = "searchlab-file-picker";
    if let Some(old) = document.get_element_by_id(FIELD) {
        old.remove();
    }
    input.set_id(FIELD);
    input.set_type("file");
    input.set_accept(accept);
    input.set_multiple(most > 1);
    // In the page (hidden), as browsers open a picker for a field of the document.
    let _ = input.set_attribute("style", "display: none");
    if let Some(body) = document.body() {
        let _ = body.append_child(&input);
    }
    let field = input.clone();
    let mut picked = Some(picked);
    let on_change = Closure::<dyn FnMut()>::new(move || {
        field.remove();
        let Some(list) = field.files() else { return };
        let Some(picked) = picked.take() else { return };
        let files: Vec<web_sys::File> = (0..list.length()).filter_map(|i| list.get(i)).collect();
        wasm_bindgen_futures::spawn_local(async move {
            let mut read = Vec::with_capacity(files.len().min(most + 1));
            let mut bytes_in_all = 0usize;
            for (i, file) in files.into_iter().enumerate() {
                let name = file.name();
                let size = file.size();
                let bytes = if i >= most {
                    Err(format!("not read: at most {most} files are read at once"))
                } else if size > cap as f64 {
                    Err(format!("it is larger than {} MiB", cap >> 20))
                } else if bytes_in_all as f64 + size > total as f64 {
                    Err(format!(
                        "not read: the files picked come to more than {} MiB",
                        total >> 20
                    ))
                } else {
                    match wasm_bindgen_futures::JsFuture::from(file.array_buffer()).await {
                        Ok(buffer) => {
                            let b = js_sys::Uint8Array::new(&buffer).to_vec();
                            bytes_in_all += b.len();
                            Ok(b)
                        }
                        Err(e) => Err(format!("the browser did not read it: {e:?}")),
                    }
                };
                read.push((name, bytes));
            }
            picked(read);
        });
    });
    input.set_onchange(Some(on_change.as_ref().unchecked_ref()));
    on_change.forget();
    input.click();
    Ok(())
}

/// The desktop app reads a folder of files itself; there is no browser picker to ask.
#[cfg(not(target_arch = "wasm32"))]
pub fn pick_files(
    _accept: &str,
    _cap: usize,
    _most: usize,
    _total: usize,
    _picked: impl FnOnce(Vec<(String, Result<Vec<u8>, String>)>) + 'static,
) -> Result<(), String> {
    Err("the desktop app reads the hand-ins from a folder".into())
}

/// The desktop app opens files with its own dialog ("Open run…") and reads its lessons
/// folder; there is no browser picker to ask.
#[cfg(not(target_arch = "wasm32"))]
pub fn pick_file(
    _accept: &str,
    _cap: usize,
    _picked: impl FnOnce(String, Result<Vec<u8>, String>) + 'static,
) -> Result<(), String> {
    Err("the desktop app opens run files with Open run… and lessons from its folder".into())
}

/// Reads a file dropped on the window, at most `cap` bytes, off the UI thread (a thread on
/// the desktop, the browser's own reading in a browser), and hands the bytes, or why they
/// could not be read, to `done`.
pub fn read_dropped(
    file: &egui::DroppedFileHandle,
    cap: usize,
    done: impl FnOnce(Result<Vec<u8>, String>) + Send + 'static,
) {
    let file = file.clone();
    #[cfg(target_arch = "wasm32")]
    wasm_bindgen_futures::spawn_local(async move {
        let bytes = file.bytes_async().await;
        done(bytes.and_then(|b| {
            (b.len() <= cap)
                .then_some(b)
                .ok_or_else(|| format!("it is larger than {} MiB", cap >> 20))
        }));
    });
    #[cfg(not(target_arch = "wasm32"))]
    {
        let path = file.path().to_path_buf();
        let read = move || {
            let what = "a run file or a lesson";
            done(crate::files::read_capped(&path, cap as u64, what));
        };
        if let Err(e) = std::thread::Builder::new()
            .name("dropped file".into())
            .spawn(read)
        {
            log::warn!("a dropped file could not be read: {e}");
        }
    }
}

/// What a background task's worker does with each value the task sends: the value as
/// bytes, and the task's meter, `(done, total)`.
pub type SendBytes<'a> = dyn Fn(&[u8], (u64, u64)) + Sync + 'a;

/// Runs a background task by name, given as bytes, until its cancel flag is set
/// (`crate::app::tabs::serve`, or one task's `crate::app::background::serve_as`),
/// handing each value it sends on.
pub type Serve = fn(
    &str,
    &[u8],
    std::sync::Arc<std::sync::atomic::AtomicBool>,
    &SendBytes<'_>,
) -> Result<(), String>;

#[cfg(not(target_arch = "wasm32"))]
#[path = "native_worker.rs"]
pub mod worker;

#[cfg(target_arch = "wasm32")]
#[path = "web_worker.rs"]
pub mod worker;
