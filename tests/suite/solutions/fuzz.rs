//! Random-byte robustness, shared by the solutions' tests: any input ends in exit 0 or 1, never a panic.

use assert_cmd::Command;

/// Runs `binary` on `runs` inputs of `len` bytes drawn from `alphabet` (a fixed LCG: reproducible).
pub fn assert_never_panics(binary: &str, alphabet: &[u8], runs: usize, len: usize) {
    let mut seed: u32 = 7;
    for _ in 0..runs {
        let input: Vec<u8> = (0..len)
            .map(|_| {
                seed = seed.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
                alphabet[(seed >> 24) as usize % alphabet.len()]
            })
            .collect();
        let mut command = Command::cargo_bin(binary).expect("binary built");
        let output = command.write_stdin(input.clone()).output().expect("runs");
        let stderr = String::from_utf8_lossy(&output.stderr);
        let status = output.status.code();
        assert!(
            matches!(status, Some(0 | 1)) && !stderr.contains("panicked"),
            "{status:?} {stderr} on {input:?}"
        );
    }
}
