//! Every solution must be pasteable: plain `rustc --edition 2021 -O` compiles the file alone.

use std::path::Path;
use std::process::Command;

#[test]
fn every_solution_compiles_alone_with_plain_rustc() {
    let out_dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("pasteable");
    std::fs::create_dir_all(&out_dir).expect("temp dir");
    let mut compiled = 0;
    for entry in std::fs::read_dir("src/bin").expect("src/bin") {
        let source = entry.expect("readable folder").path();
        let name = source.file_stem().expect("a file name");
        let output = Command::new("rustc")
            .args(["--edition", "2021", "-O", "-o"])
            .arg(out_dir.join(name))
            .arg(&source)
            .output()
            .expect("rustc runs");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(output.status.success(), "{}:\n{stderr}", source.display());
        assert!(
            !stderr.contains("warning"),
            "{}:\n{stderr}",
            source.display()
        );
        compiled += 1;
    }
    assert!(compiled >= 1);
}
