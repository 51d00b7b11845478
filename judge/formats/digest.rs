//! Digests for the judge's caches: 64-bit FNV-1a, the same on every machine and every Rust release,
//! and computable at compile time, so a puzzle can carry the digest of its own reference's source.
//! They catch accidents (a changed source, a half-written or rewritten entry), not a forger.

const OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
const PRIME: u64 = 0x0100_0000_01b3;

/// The digest of `parts` in order, each part's length counted too, so `["ab", "c"]` and
/// `["a", "bc"]` differ.
pub const fn of(parts: &[&[u8]]) -> u64 {
    let mut hash = OFFSET;
    let mut p = 0;
    while p < parts.len() {
        let bytes = parts[p];
        let mut i = 0;
        while i < bytes.len() {
            hash = (hash ^ bytes[i] as u64).wrapping_mul(PRIME);
            i += 1;
        }
        hash = (hash ^ bytes.len() as u64).wrapping_mul(PRIME);
        p += 1;
    }
    hash
}

/// The digest of one run of bytes, as 16 hex digits.
pub fn hex(bytes: &[u8]) -> String {
    format!("{:016x}", of(&[bytes]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digests_are_fnv_1a_and_tell_parts_apart() {
        // FNV-1a of "a" is af63dc4c8601ec8c; the length byte that follows changes it.
        let mut a = (OFFSET ^ b'a' as u64).wrapping_mul(PRIME);
        assert_eq!(a, 0xaf63dc4c8601ec8c);
        a = (a ^ 1).wrapping_mul(PRIME);
        assert_eq!(of(&[b"a"]), a);
        assert_ne!(of(&[b"ab", b"c"]), of(&[b"a", b"bc"]));
        const AT_COMPILE_TIME: u64 = of(&[b"x"]);
        assert_eq!(AT_COMPILE_TIME, of(&[b"x"]));
        assert_eq!(hex(b"").len(), 16);
    }
}
