//! `judge --html` in a real browser: headless Chromium opens the page, runs its script, and the DOM
//! it leaves shows a row per test and each replay at its end, solved or not as the frames say.

use assert_cmd::Command;
use std::fs::File;
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::{Duration, Instant};

/// Where the distribution's package puts it (`.ci/run` installs it when missing).
const CHROMIUM: &str = "/usr/bin/chromium";
/// Flags that work headless as root on a machine with no network; a fresh profile is added per run.
const FLAGS: [&str; 11] = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-breakpad",
    "--disable-crash-reporter",
    "--window-size=1000,900",
];

/// Why a test of this file is ignored where the build found no browser (see build.rs).
const NO_BROWSER: &str = "needs Chromium: apt-get install -y chromium (.ci/run does)";

/// The browser: the build found one, so its absence now fails, naming the command that installs it.
fn chromium() -> &'static str {
    assert!(
        Path::new(CHROMIUM).exists(),
        "{CHROMIUM} is gone: {NO_BROWSER}"
    );
    CHROMIUM
}

/// A private folder for this test's files, in the target dir.
fn folder(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("html-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("test folder");
    dir
}

/// Runs `judge ARGS --html DIR/page.html` and returns the page's path and text.
fn judge_page(dir: &Path, args: &[&str], code: i32) -> (PathBuf, String) {
    let page = dir.join("page.html");
    Command::cargo_bin("judge")
        .expect("judge is built")
        .args(args)
        .args(["--no-color", "--html"])
        .arg(&page)
        .assert()
        .code(code);
    let html = std::fs::read_to_string(&page).expect("the page was written");
    (page, html)
}

/// Nothing on the page can make a request: no address, no external script, style or image. A
/// namespace's name is never fetched: the charts keep their `xmlns`, as `judge chart` writes them.
fn assert_self_contained(html: &str) {
    let html = html.replace(r#" xmlns="http://www.w3.org/2000/svg""#, "");
    for address in [
        "http:", "https:", "ftp:", "src=", "<link", "@import", "url(",
    ] {
        assert!(!html.contains(address), "the page holds `{address}`");
    }
    for (at, _) in html.match_indices("href=\"") {
        let target = &html[at + 6..];
        assert!(
            target.starts_with('#'),
            "a link leaves the page: {}",
            &target[..40.min(target.len())]
        );
    }
}

/// The first and last frames that `judge show ARGS --no-color` prints, a blank line between them.
fn show_stills(args: &[&str]) -> String {
    let output = Command::cargo_bin("judge")
        .expect("judge is built")
        .arg("show")
        .args(args)
        .arg("--no-color")
        .output()
        .expect("judge show runs");
    let stdout = String::from_utf8(output.stdout).expect("text");
    // The header and the row, then one frame after each blank line.
    let frames: Vec<&str> = stdout.split("\n\n").skip(1).collect();
    let (first, last) = (
        frames.first().expect("a frame"),
        frames.last().expect("a frame"),
    );
    format!("{first}\n\n{last}")
}

/// Opens `url` in headless Chromium with `actions` (such as `--dump-dom`), waits at most a minute,
/// and returns what it printed. Every process it started is gone afterwards.
fn browse(browser: &str, dir: &Path, actions: &[&str], url: &str) -> String {
    let marker = format!("{}-{}", std::process::id(), dir.display());
    let out = dir.join("stdout.txt");
    let mut child = std::process::Command::new(browser)
        .args(FLAGS)
        .arg(format!("--user-data-dir={}", dir.join("profile").display()))
        .args(actions)
        .arg(url)
        .current_dir(dir)
        // Every process the browser starts inherits this, so the test can find any left behind.
        .env("SLIDEKIT_HTML_TEST", &marker)
        .stdout(File::create(&out).expect("stdout file"))
        .stderr(File::create(dir.join("stderr.txt")).expect("stderr file"))
        .stdin(Stdio::null())
        .spawn()
        .expect("chromium starts");
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait") {
            break status;
        }
        if started.elapsed() > Duration::from_secs(60) {
            let _ = child.kill();
            let _ = child.wait();
            panic!("chromium took over a minute on {url}");
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    assert_none_left(&marker);
    assert!(status.success(), "chromium failed on {url}: {status}");
    std::fs::read_to_string(out).expect("chromium's output")
}

/// Fails, after ending them, if processes carrying `marker` outlive the browser by two seconds.
fn assert_none_left(marker: &str) {
    let deadline = Instant::now() + Duration::from_secs(2);
    let mut left = started_by(marker);
    while !left.is_empty() && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(50));
        left = started_by(marker);
    }
    for pid in &left {
        let _ = std::process::Command::new("kill")
            .args(["-9", pid])
            .status();
    }
    assert!(left.is_empty(), "chromium left processes running: {left:?}");
}

/// The live (not zombie) processes whose environment holds `SLIDEKIT_HTML_TEST=marker`.
fn started_by(marker: &str) -> Vec<String> {
    let wanted = format!("SLIDEKIT_HTML_TEST={marker}");
    let entries = std::fs::read_dir("/proc").expect("/proc");
    let pids = entries.filter_map(|e| e.ok()?.file_name().into_string().ok());
    let ours = |pid: &String| {
        let environ = std::fs::read(format!("/proc/{pid}/environ")).unwrap_or_default();
        let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
        let zombie = stat
            .rsplit(')')
            .next()
            .is_some_and(|s| s.trim_start().starts_with('Z'));
        !zombie && environ.split(|&b| b == 0).any(|v| v == wanted.as_bytes())
    };
    pids.filter(|p| p.bytes().all(|b| b.is_ascii_digit()))
        .filter(ours)
        .collect()
}

fn url(page: &Path, hash: &str) -> String {
    format!("file://{}{hash}", page.display())
}

/// The opening tags of the replays in a dumped DOM.
fn replays(dom: &str) -> Vec<&str> {
    dom.match_indices("<section class=\"replay\"")
        .map(|(at, _)| &dom[at..at + dom[at..].find('>').expect("tag ends")])
        .collect()
}

#[test]
#[cfg_attr(
    no_chromium,
    ignore = "needs Chromium: apt-get install -y chromium (.ci/run does)"
)]
fn the_huarong_page_replays_the_81_move_answer_to_the_goal() {
    let browser = chromium();
    let dir = folder("huarong");
    let (page, html) = judge_page(&dir, &["huarong", "--test", "002"], 0);
    assert_self_contained(&html);
    // For a reader without JavaScript: the start and the end, as `judge show` draws them.
    let stills = show_stills(&["huarong", "002"]);
    assert!(
        html.contains(&format!("<noscript><pre class=\"stills\">{stills}</pre>")),
        "{stills}"
    );

    // The start is opened beside the end, by a browser of its own with its own profile folder.
    let start_dir = dir.join("start");
    std::fs::create_dir_all(&start_dir).expect("a folder for the second browser");
    let start_url = url(&page, "#frame=0");
    let start =
        std::thread::spawn(move || browse(browser, &start_dir, &["--dump-dom"], &start_url));
    let end = browse(browser, &dir, &["--dump-dom"], &url(&page, "#frame=last"));
    assert!(
        end.contains("<tr data-test=\"002-hengdao-lima\" data-verdict=\"AC\">"),
        "{end}"
    );
    let shown = replays(&end);
    assert_eq!(shown.len(), 1, "{end}");
    for expected in [
        "data-frame=\"81\"",
        "data-frames=\"82\"",
        "data-solved=\"true\"",
    ] {
        assert!(shown[0].contains(expected), "{}", shown[0]);
    }
    // The script's drawing: Cao Cao (A, 2×2) just moved onto the four dashed goal cells.
    let board = &end[end.find("<div class=\"board\">").expect("the board")..];
    let board = &board[..board.find("</svg>").expect("the board's end")];
    assert_eq!(board.matches("class=\"goal\"").count(), 4, "{board}");
    assert_eq!(board.matches("class=\"marked\"").count(), 4, "{board}");
    assert_eq!(board.matches(">A</text>").count(), 1, "one name a block");
    assert!(board.contains("<path class=\"edges\""), "{board}");
    let start = start
        .join()
        .unwrap_or_else(|e| std::panic::resume_unwind(e));
    assert!(
        replays(&start)[0].contains("data-solved=\"false\""),
        "the start is not solved"
    );
}

#[test]
#[cfg_attr(
    no_chromium,
    ignore = "needs Chromium: apt-get install -y chromium (.ci/run does)"
)]
fn the_eight_page_has_a_row_per_test_each_replayed_to_its_end() {
    let browser = chromium();
    let dir = folder("eight");
    let (page, html) = judge_page(&dir, &["eight"], 0);
    assert_self_contained(&html);
    let dom = browse(browser, &dir, &["--dump-dom"], &url(&page, "#frame=last"));
    let mut names: Vec<PathBuf> = std::fs::read_dir("problems/eight/tests")
        .expect("tests")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension() == Some("in".as_ref()))
        .collect();
    names.sort();
    let shown = replays(&dom);
    assert_eq!(shown.len(), names.len(), "a replay per test");
    for (input, replay) in names.iter().zip(shown) {
        let name = input.file_stem().and_then(|s| s.to_str()).expect("name");
        let row = format!("<tr data-test=\"{name}\" data-verdict=\"AC\">");
        assert!(dom.contains(&row), "{row}");
        // The replay is of case 1: solved at its end unless the `.ans` says it cannot be.
        let ans = std::fs::read_to_string(input.with_extension("ans")).expect(".ans");
        let solvable = ans.lines().next() != Some("unsolvable");
        assert!(replay.contains(&format!("Test {name}, case 1")), "{replay}");
        assert!(
            replay.contains(&format!("data-solved=\"{solvable}\"")),
            "{replay}"
        );
    }
    // The frontier chart of the hardest board: both sides and the plain BFS, and where they meet.
    assert!(dom.contains("eight, test 002-hardest-8672543x1: frontier per BFS layer"));
    for series in ["plain", "forward", "backward", "meeting"] {
        assert!(dom.contains(&format!("<g class=\"{series}\"")), "{series}");
    }
    assert!(
        dom.contains("= 31 moves"),
        "the sides meet on the 31-move answer"
    );
    let chart = dir.join("chart.svg");
    Command::cargo_bin("judge")
        .expect("judge is built")
        .args(["chart", "eight", "002", "--out"])
        .arg(&chart)
        .assert()
        .success();
    let svg = std::fs::read_to_string(&chart).expect("the chart was written");
    assert!(
        html.contains(&svg),
        "the page embeds the very chart `judge chart` writes"
    );
}

#[test]
#[cfg_attr(
    no_chromium,
    ignore = "needs Chromium: apt-get install -y chromium (.ci/run does)"
)]
fn an_illegal_move_is_highlighted_at_the_end_of_its_replay() {
    let browser = chromium();
    let dir = folder("illegal");
    let args = ["eight", "tests/fixtures/eight/illegal.py", "--test", "001"];
    let (page, _) = judge_page(&dir, &args, 1);
    let dom = browse(browser, &dir, &["--dump-dom"], &url(&page, "#frame=last"));
    assert!(
        dom.contains("<tr data-test=\"001-sample\" data-verdict=\"WA\">"),
        "{dom}"
    );
    assert!(replays(&dom)[0].contains("data-solved=\"false\""));
    let player = &dom[dom.find("class=\"player\"").expect("the player")..];
    assert!(
        player.contains("class=\"illegal\""),
        "the move drawn as illegal"
    );
    assert!(player.contains("move 2 is illegal: u"), "and named");
}
