//! Scratch project roots for judge runs: a folder with `problems/<name>/` holding one test.

use std::path::{Path, PathBuf};

/// A fresh, empty folder of the tests' own under the target dir.
pub fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch folder");
    dir
}

/// Cargo's target folder (the parent of `CARGO_TARGET_TMPDIR`), where the judge caches binaries in
/// `judge/`: a run in a scratch root is pointed there so that it does not compile a fixture again.
pub fn target_dir() -> &'static Path {
    let tmp = Path::new(env!("CARGO_TARGET_TMPDIR"));
    tmp.parent().expect("the target folder")
}

/// A project root `name` whose problem `problem` (checker `checker`) has the one test `001-sample`
/// with `input` and, if given, its `.ans`; `solution` is the problem's own submission.
pub fn project(name: &str, problem: &str, checker: &str, solution: &Path) -> PathBuf {
    let root = scratch(name);
    add_problem(&root, problem, checker, solution);
    root
}

/// Adds `problems/<problem>/` to `root` with its `problem.toml` and an empty tests folder, returned.
pub fn add_problem(root: &Path, problem: &str, checker: &str, solution: &Path) -> PathBuf {
    let tests = root.join("problems").join(problem).join("tests");
    std::fs::create_dir_all(&tests).expect("tests folder");
    let toml = format!(
        "solution = \"{}\"\nchecker = \"{checker}\"\n",
        solution.display()
    );
    std::fs::write(tests.parent().expect("problem").join("problem.toml"), toml).expect("toml");
    tests
}

/// Eight's sample, `2 3 4 1 5 x 7 6 8` (optimum 19), as the one test of scratch project `name`.
pub fn eight_project(name: &str, solution: &Path, with_ans: bool) -> PathBuf {
    let root = project(name, "eight", "eight", solution);
    let tests = root.join("problems/eight/tests");
    std::fs::write(tests.join("001-sample.in"), "2 3 4 1 5 x 7 6 8\n").expect(".in");
    if with_ans {
        std::fs::write(tests.join("001-sample.ans"), "19\n").expect(".ans");
    }
    root
}

/// Problem `tiny`: a one-move huarong puzzle as the one test of scratch project `name`, for verdicts
/// that come from how a program ran, not from what it answered (eight's checker would first build
/// its table of all 181,440 boards for an answer never read).
pub fn tiny_project(name: &str) -> PathBuf {
    let root = scratch(name);
    tiny_problem(&root, "tiny", Path::new("unused.rs"));
    root
}

/// Adds the one-move puzzle of `tiny_project` to `root` as problem `problem`; returns its tests folder.
pub fn tiny_problem(root: &Path, problem: &str, solution: &Path) -> PathBuf {
    let tests = add_problem(root, problem, "huarong", solution);
    std::fs::write(tests.join("001-sample.in"), "1 2\nA .\nA\n0 1\n").expect(".in");
    std::fs::write(tests.join("001-sample.ans"), "1\n").expect(".ans");
    tests
}
