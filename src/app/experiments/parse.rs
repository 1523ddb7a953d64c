//! The Experiments form's text fields read: lists of sizes and parameters.

use crate::run::JobError;

/// A list of sizes: `FROM..TO` (at most 64 values) or `5,8,10`.
pub(super) fn parse_list(text: &str) -> Result<Vec<u64>, String> {
    let t = text.trim();
    if let Some((a, b)) = t.split_once("..") {
        let (a, b) = (a.trim().parse::<u64>(), b.trim().parse::<u64>());
        return match (a, b) {
            (Ok(a), Ok(b)) if a <= b && b - a < 64 => Ok((a..=b).collect()),
            _ => Err(format!(
                "{t:?}: give FROM..TO (at most 64 values) or a list like 5,8,10"
            )),
        };
    }
    t.split(',')
        .map(|x| {
            x.trim()
                .parse::<u64>()
                .map_err(|_| format!("{t:?}: give FROM..TO or a list like 5,8,10"))
        })
        .collect()
}

/// The parameters field: `KEY=VALUE` pairs separated by spaces or commas.
pub(super) fn parse_params(text: &str) -> Result<Vec<(String, String)>, JobError> {
    text.split([' ', ','])
        .filter(|p| !p.trim().is_empty())
        .map(crate::run::catalog::split_param)
        .collect()
}
