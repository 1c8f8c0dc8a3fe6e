//! Packed frames by name: a search stack frame (or any wide word) declared once as field
//! widths, with every offset derived from them.
//!
//! ```ignore
//! frame_layout! {
//!     /// One ply of the solver's stack.
//!     pub mod stack_frame { P: 64, O: 64, ALPHA: 8 }
//! }
//! // stack_frame::ALPHA == FrameField { at: 128, width: 8 }, stack_frame::BITS == 136
//! ```
//!
//! `#[hdl_gen]` kernels cannot read a Rust `const` as a bit offset (it would become an unknown
//! Verilog name), so a kernel holds each offset it needs as a `Constant` (a Verilog
//! `localparam`, made by [`FrameField::offset`]) and writes
//! `frame.get_bits::<{ stack_frame::ALPHA.width }>(self.at_alpha.val().index())` to read and
//! `bit_cast::<{ stack_frame::BITS }, { stack_frame::ALPHA.width }>(x) << self.at_alpha.val()`
//! to pack. Synthesis folds the constant shifts to wires.

use rust_hdl::prelude::*;

/// One field of a packed frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FrameField {
    /// Offset of the field's least significant bit.
    pub at: usize,
    /// Width in bits.
    pub width: usize,
}

impl FrameField {
    /// The first bit after the field.
    pub const fn end(self) -> usize {
        self.at + self.width
    }

    /// The field's offset as a kernel constant.
    pub fn offset(self) -> Constant<Bits<16>> {
        Constant::new((self.at as u64).into())
    }
}

/// Declares a frame layout: a module with one [`FrameField`] constant per field (named in
/// upper case, as constants are), packed from bit 0 in declaration order, `BITS` (the frame's width) and `FIELDS`
/// (names and fields, for tests and docs).
#[macro_export]
macro_rules! frame_layout {
    ($(#[$meta:meta])* $vis:vis mod $name:ident { $($field:ident : $width:expr),+ $(,)? }) => {
        $(#[$meta])*
        #[allow(non_upper_case_globals)]
        $vis mod $name {
            use $crate::common::frame::FrameField;
            $crate::frame_layout!(@fields 0; $($field : $width),+);
            /// Every field, in bit order.
            pub const FIELDS: &[(&str, FrameField)] = &[$((stringify!($field), $field)),+];
            /// Width of the frame in bits.
            pub const BITS: usize = {
                let mut end = 0;
                let mut i = 0;
                while i < FIELDS.len() {
                    end = FIELDS[i].1.end();
                    i += 1;
                }
                end
            };
        }
    };
    (@fields $at:expr; $field:ident : $width:expr $(, $rest:ident : $rw:expr)*) => {
        #[doc = concat!("Field `", stringify!($field), "`.")]
        pub const $field: FrameField = FrameField { at: $at, width: $width };
        $crate::frame_layout!(@fields $at + $width; $($rest : $rw),*);
    };
    (@fields $at:expr;) => {};
}

#[cfg(test)]
mod tests {
    frame_layout! {
        /// A sample layout.
        mod sample { A: 3, B: 64, C: 1 }
    }

    #[test]
    fn fields_tile_the_frame_in_order() {
        assert_eq!(sample::A.at, 0);
        assert_eq!(sample::B.at, 3);
        assert_eq!(sample::C.at, 67);
        assert_eq!(sample::BITS, 68);
        let names: Vec<&str> = sample::FIELDS.iter().map(|f| f.0).collect();
        assert_eq!(names, ["A", "B", "C"]);
    }
}
