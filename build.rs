//! Tells the tests which outside tools this machine lacks, so that a test needing one is shown as
//! ignored in `cargo test`'s own summary, with the command that installs it, rather than passing
//! without having run. Installing any of them changes a folder named below, which runs this again.

use std::path::{Path, PathBuf};
use std::process::Command;

/// Where Debian's package puts the browser that tests/suite/judge/html.rs drives.
const CHROMIUM: &str = "/usr/bin/chromium";
/// Where Debian's package puts the terminal multiplexer that tests/suite/judge/terminal.rs drives.
const TMUX: &str = "/usr/bin/tmux";
/// The oldest rustc the solutions keep to (tests/suite/solutions/pasteable.rs).
const OLDEST: &str = "1.56.0";

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rustc-check-cfg=cfg(no_chromium)");
    println!("cargo:rustc-check-cfg=cfg(no_oldest_rustc)");
    println!("cargo:rustc-check-cfg=cfg(no_tmux)");
    watch(Path::new(CHROMIUM).parent());
    if !Path::new(CHROMIUM).exists() {
        println!("cargo:rustc-cfg=no_chromium");
    }
    if !Path::new(TMUX).exists() {
        println!("cargo:rustc-cfg=no_tmux");
    }
    watch(rustup_home().map(|home| home.join("toolchains")).as_deref());
    if !has_oldest_rustc() {
        println!("cargo:rustc-cfg=no_oldest_rustc");
    }
}

/// Runs this script again when `folder` changes; a folder that does not exist is not named, since
/// cargo would then run the script on every build.
fn watch(folder: Option<&Path>) {
    if let Some(folder) = folder.filter(|f| f.is_dir()) {
        println!("cargo:rerun-if-changed={}", folder.display());
    }
}

fn rustup_home() -> Option<PathBuf> {
    let home = std::env::var_os("RUSTUP_HOME").map(PathBuf::from);
    home.or_else(|| Some(PathBuf::from(std::env::var_os("HOME")?).join(".rustup")))
}

/// Whether rustup lists the oldest toolchain as installed (listing never installs anything).
fn has_oldest_rustc() -> bool {
    let listed = Command::new("rustup").args(["toolchain", "list"]).output();
    let listed = listed.map(|out| String::from_utf8_lossy(&out.stdout).into_owned());
    listed.is_ok_and(|text| text.lines().any(|line| line.starts_with(OLDEST)))
}
