//! A command the board must refuse with a device error.

use host::{Link, LinkError, Transport};

/// Sends `opc` with `payload`, which the board must refuse with error `code` (`what` names
/// the case in the failure).
pub fn refused<T: Transport>(l: &mut Link<T>, opc: u8, payload: &[u8], code: u8, what: &str) {
    match l.call(opc, payload) {
        Err(LinkError::Device { code: c, .. }) => assert_eq!(c, code, "{what}"),
        other => panic!("{what}: {other:?}"),
    }
}
