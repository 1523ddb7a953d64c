//! The browser build's entry points: the app on the page's canvas (`main`), and
//! [`run_job`], which the Web Worker script (`web/worker.js`) calls with a job.

use eframe::wasm_bindgen::JsCast as _;
use wasm_bindgen::prelude::*;

/// The id of the page's canvas (`index.html`).
const CANVAS: &str = "searchlab-canvas";

/// What the browser build does not do yet, said at the start.
const PREVIEW: &str = "In the browser: Pause needs the desktop app, and Stop ends a search \
    without its best so far; all else works here, and files download.";

thread_local! {
    /// The app's runner, for [`searchlab_probe`] and a changed address.
    static RUNNER: std::cell::RefCell<Option<eframe::WebRunner>> = const { std::cell::RefCell::new(None) };
    /// The app's egui context, to wake it when the address changed.
    static CONTEXT: std::cell::RefCell<Option<egui::Context>> = const { std::cell::RefCell::new(None) };
}

/// The link in the page's address (its `#` part), if it has one.
fn page_link() -> Option<String> {
    let hash = web_sys::window()?.location().hash().ok()?;
    (hash.len() > 1).then_some(hash)
}

/// Starts the app on the page's canvas; what goes wrong is said on the page. In a Web
/// Worker (no window), which loads the module only for [`run_job`], it does nothing.
pub fn start() {
    if web_sys::window().is_none() {
        return;
    }
    eframe::WebLogger::init(log::LevelFilter::Warn).ok();
    wasm_bindgen_futures::spawn_local(async {
        if let Err(why) = run().await {
            log::error!("SearchLab could not start: {why}");
            say_on_page(&format!("SearchLab could not start: {why}"));
        }
    });
}

/// Makes the canvas's WebGL2 context without multisampling before eframe asks for it (a
/// canvas keeps the attributes of its first context). egui smooths its own edges, so
/// WebGL's default four samples a pixel only cost: with a software renderer (a machine
/// without a GPU driver), the page drew the knight's tour at 25 frames a second with them
/// and 43 without, and 5 instead of 37 while a count kept both cores busy. Where WebGL2
/// is missing this does nothing, and eframe falls back to WebGL1 as before.
fn without_multisampling(canvas: &web_sys::HtmlCanvasElement) {
    let attributes = js_sys::Object::new();
    if js_sys::Reflect::set(&attributes, &"antialias".into(), &false.into()).is_ok() {
        let _ = canvas.get_context_with_context_options("webgl2", &attributes);
    }
}

/// Finds the canvas and runs the app on it.
async fn run() -> Result<(), String> {
    let document = web_sys::window()
        .and_then(|w| w.document())
        .ok_or("this page has no document")?;
    let canvas = document
        .get_element_by_id(CANVAS)
        .ok_or_else(|| format!("the page has no element #{CANVAS}"))?
        .dyn_into::<web_sys::HtmlCanvasElement>()
        .map_err(|_| format!("#{CANVAS} is not a canvas"))?;
    without_multisampling(&canvas);
    let runner = eframe::WebRunner::new();
    RUNNER.with(|r| r.replace(Some(runner.clone())));
    runner
        .start(
            canvas,
            eframe::WebOptions::default(),
            Box::new(|cc| {
                let mut app = searchlab::app::SearchLabApp::new(cc);
                app.startup_notice = Some(PREVIEW.into());
                // The page's address may hold a link (the part from #).
                app.pending_link = page_link();
                // Opened at a link: that is where the user asked to be (the welcome waits
                // for a visit without one).
                if app.pending_link.is_some() {
                    app.welcome = false;
                }
                CONTEXT.with(|c| c.replace(Some(cc.egui_ctx.clone())));
                Ok(Box::new(app))
            }),
        )
        .await
        .map_err(|e| format!("{e:?}"))?;
    // A link pasted into the address bar of the open page changes only its # part: the
    // app opens it without loading again.
    let on_hash = Closure::<dyn FnMut()>::new(|| {
        RUNNER.with(|r| {
            if let Some(mut app) = (r.borrow().as_ref())
                .and_then(eframe::WebRunner::app_mut::<searchlab::app::SearchLabApp>)
            {
                app.pending_link = page_link();
            }
        });
        CONTEXT.with(|c| {
            if let Some(ctx) = c.borrow().as_ref() {
                ctx.request_repaint();
            }
        });
    });
    if let Some(window) = web_sys::window() {
        window.set_onhashchange(Some(on_hash.as_ref().unchecked_ref()));
    }
    // The page lives as long as the app: so does its handler.
    on_hash.forget();
    // The page's "Loading…" goes once the app draws.
    if let Some(loading) = document.get_element_by_id("loading") {
        loading.remove();
    }
    Ok(())
}

/// Puts `text` where the page said "Loading…".
fn say_on_page(text: &str) {
    let loading = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id("loading"));
    if let Some(element) = loading {
        element.set_text_content(Some(text));
    }
}

/// Runs the job of `message` (RON) here, in a Web Worker, posting back what it hands on.
#[wasm_bindgen]
pub fn run_job(message: &str) {
    searchlab::platform::worker::run_job(message);
}

/// Runs the background task `name` (its bytes: `input`) here, in a Web Worker, posting
/// back what it sends.
#[wasm_bindgen]
pub fn run_task(name: &str, input: &[u8]) {
    searchlab::platform::worker::run_task(name, input, searchlab::app::tabs::serve);
}

/// Takes the notice above the form away, as its Dismiss button does (for the browser test,
/// whose clicks then land where the form stands without it).
#[wasm_bindgen]
pub fn searchlab_dismiss_notice() {
    RUNNER.with(|r| {
        if let Some(mut app) = (r.borrow().as_ref())
            .and_then(eframe::WebRunner::app_mut::<searchlab::app::SearchLabApp>)
        {
            app.notice = None;
            app.startup_notice = None;
        }
    });
    CONTEXT.with(|c| {
        if let Some(ctx) = c.borrow().as_ref() {
            ctx.request_repaint();
        }
    });
}

/// What the browser test reads of the app (JSON): the tab on show, whether a run goes on,
/// the notice on show, the knight's board and the tour on show (squares numbered row by
/// row), each puzzle tab's last word, the knight's and queens' mode and step (with the
/// knight's path at that step), the experiment's progress and table's rows (or why it
/// has none), and the Class view's grades (each student's points, and the files refused).
#[wasm_bindgen]
pub fn searchlab_probe() -> String {
    RUNNER.with(|r| {
        let runner = r.borrow();
        let Some(mut app) = runner
            .as_ref()
            .and_then(eframe::WebRunner::app_mut::<searchlab::app::SearchLabApp>)
        else {
            return "null".into();
        };
        use searchlab::app::{knight::KnightTab, magic::MagicTab, queens::QueensTab};
        let step_path = (app.tab_of_mut::<KnightTab>())
            .and_then(|k| k.steps_mut().state())
            .map(|s| s.path);
        let knight = app.tab_of::<KnightTab>();
        let queens = app.tab_of::<QueensTab>();
        let magic = app.tab_of::<MagicTab>();
        serde_json::json!({
            "tab": format!("{:?}", app.tab),
            "running": app.is_running(),
            "notice": app.notice,
            "startup_notice": app.startup_notice,
            "welcome": app.welcome,
            "knight_settings_start": knight.map(|k| k.settings.start),
            "frame_ms": app.mean_frame_ms(),
            "frame_rate": app.frame_rate(),
            "knight": knight.map(|knight| serde_json::json!({
                "cols": knight.settings.cols,
                "rows": knight.settings.rows,
                "tour": knight.displayed_tour(),
                "status": knight.status_message(),
                "mode": format!("{:?}", knight.mode()),
                "step": knight.steps_at(),
                "step_path": step_path,
            })),
            "queens": queens.map(|q| serde_json::json!({
                "status": q.status_message(),
                "mode": format!("{:?}", q.mode()),
                "step": q.steps_at(),
            })),
            "magic": magic.map(|m| serde_json::json!({ "square": m.square() })),
            "class": (app.lessons.class.result.as_ref()).map(|r| match r {
                Ok(g) => serde_json::json!({
                    "graded": g.graded.iter().map(|h| {
                        let (points, max) = h.total();
                        serde_json::json!({
                            "student": h.student,
                            "points": points,
                            "max": max,
                            "verified": h.tasks.iter().all(|t| t.verified),
                        })
                    }).collect::<Vec<_>>(),
                    "refused": g.refused.iter().map(|(f, _)| f.clone()).collect::<Vec<_>>(),
                }),
                Err(why) => serde_json::json!({ "error": why }),
            }),
            "experiments": {
                "progress": app.experiments.progress(),
                "rows": (app.experiments.outcome.as_ref())
                    .map(|o| o.as_ref().map(|o| o.csv().lines().count().saturating_sub(1))),
            },
        })
        .to_string()
    })
}
