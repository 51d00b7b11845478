//! A problem's test files, shared by the solutions' tests: every `.in` with its `.ans`.

use std::path::PathBuf;

/// One test file: its path, its input, and its `.ans` text (the optimum per case).
pub struct TestFile {
    pub path: PathBuf,
    pub input: Vec<u8>,
    pub ans: String,
}

/// Every `problems/<problem>/tests/*.in` with its `.ans`, in name order.
pub fn test_files(problem: &str) -> Vec<TestFile> {
    let dir = format!("problems/{problem}/tests");
    let mut paths: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("tests folder")
        .map(|entry| entry.expect("readable folder").path())
        .filter(|path| path.extension() == Some("in".as_ref()))
        .collect();
    paths.sort();
    let file = |path: PathBuf| {
        let input = std::fs::read(&path).expect("readable .in");
        let ans =
            std::fs::read_to_string(path.with_extension("ans")).expect("every .in has an .ans");
        TestFile { path, input, ans }
    };
    paths.into_iter().map(file).collect()
}
