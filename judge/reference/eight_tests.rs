//! Unit tests of the Eight reference, kept apart so that integration tests, which include the
//! reference by `#[path]`, do not run them again.

use super::reference::*;

#[test]
fn bfs_reaches_half_the_boards_and_the_hardest_need_31() {
    let dist = Distances::build();
    assert_eq!(dist.0.len(), 181_440);
    assert_eq!(dist.0.values().max(), Some(&31));
    assert_eq!(dist.get(b"8672543x1"), Some(31));
    assert_eq!(dist.get(b"21345678x"), None);
}

#[test]
fn parsing_ignores_whitespace_and_names_the_bad_case() {
    assert_eq!(
        parse_boards(b" 1 2 3\n4 5 6\t7 8 x12345678x"),
        Ok(vec![GOAL, GOAL])
    );
    assert_eq!(
        parse_boards(b"12345678x 1234"),
        Err("case 2: only 4 of 9 cells".into())
    );
    assert!(parse_boards(b"12345678y")
        .unwrap_err()
        .starts_with("case 1: '12345678y'"));
}
