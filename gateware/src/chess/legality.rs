//! The leaf legality look of perft on chip (beyond the paper, whose generator was
//! pseudo-legal): on the leaf board, a second set of board registers holding the position after
//! a last-ply move, whether the side to move there can take the other side's king (the move
//! was illegal).
//!
//! Combinational, 0 cycles: perft on chip makes a last-ply move into the leaf board at the end
//! of the move's find cycle and counts the leaf from this block's answer in the next cycle,
//! while the generator goes on finding moves on the unchanged board (`perft.rs`). The king
//! radiates the union word, as a victim square does in a find-aggressor cycle (section 4.2):
//! its signal runs through empty squares along the eight rays ([`RAYS`], the same parallel
//! prefix as the square array's) and jumps to the eight knight squares ([`JUMPS`]); an
//! attacker of the matching kind where a signal lands can take the king. Model:
//! `model::chess::attacked_by` on the made position.

use super::square_array::{step_constants, step_constants_times, JUMPS, RAYS};
use rust_hdl::prelude::*;

#[derive(LogicBlock)]
pub struct KingAttack {
    /// The six planes of the extended piece word (see `square_array`).
    pub col: Signal<In, Bits<64>>,
    pub orth: Signal<In, Bits<64>>,
    pub diag: Signal<In, Bits<64>>,
    pub king: Signal<In, Bits<64>>,
    pub pawn: Signal<In, Bits<64>>,
    pub knight: Signal<In, Bits<64>>,
    /// White to move (the attacking side).
    pub white: Signal<In, Bit>,
    /// The side to move can take the other side's king.
    pub capturable: Signal<Out, Bit>,
    k_ray_l: [Constant<Bits<8>>; 8],
    k_ray_r: [Constant<Bits<8>>; 8],
    k_ray_m: [Constant<Bits<64>>; 8],
    k_ray_l2: [Constant<Bits<8>>; 8],
    k_ray_r2: [Constant<Bits<8>>; 8],
    k_ray_l4: [Constant<Bits<8>>; 8],
    k_ray_r4: [Constant<Bits<8>>; 8],
    k_jump_l: [Constant<Bits<8>>; 8],
    k_jump_r: [Constant<Bits<8>>; 8],
    k_jump_m: [Constant<Bits<64>>; 8],
    occ: Signal<Local, Bits<64>>,
    empty: Signal<Local, Bits<64>>,
    att: Signal<Local, Bits<64>>,
    vk: Signal<Local, Bits<64>>,
    t: Signal<Local, Bits<64>>,
    prop: Signal<Local, Bits<64>>,
    hit_o: Signal<Local, Bits<64>>,
    hit_d: Signal<Local, Bits<64>>,
    steps: Signal<Local, Bits<64>>,
    jumps: Signal<Local, Bits<64>>,
    pawn_sq: Signal<Local, Bits<64>>,
}

impl Default for KingAttack {
    fn default() -> Self {
        let ray = RAYS.map(step_constants);
        let jump = JUMPS.map(step_constants);
        KingAttack {
            col: Default::default(),
            orth: Default::default(),
            diag: Default::default(),
            king: Default::default(),
            pawn: Default::default(),
            knight: Default::default(),
            white: Default::default(),
            capturable: Default::default(),
            k_ray_l: ray.map(|c| Constant::new(c.0.into())),
            k_ray_r: ray.map(|c| Constant::new(c.1.into())),
            k_ray_m: ray.map(|c| Constant::new(c.2.into())),
            k_ray_l2: RAYS.map(|d| Constant::new(step_constants_times(d, 2).0.into())),
            k_ray_r2: RAYS.map(|d| Constant::new(step_constants_times(d, 2).1.into())),
            k_ray_l4: RAYS.map(|d| Constant::new(step_constants_times(d, 4).0.into())),
            k_ray_r4: RAYS.map(|d| Constant::new(step_constants_times(d, 4).1.into())),
            k_jump_l: jump.map(|c| Constant::new(c.0.into())),
            k_jump_r: jump.map(|c| Constant::new(c.1.into())),
            k_jump_m: jump.map(|c| Constant::new(c.2.into())),
            occ: Default::default(),
            empty: Default::default(),
            att: Default::default(),
            vk: Default::default(),
            t: Default::default(),
            prop: Default::default(),
            hit_o: Default::default(),
            hit_d: Default::default(),
            steps: Default::default(),
            jumps: Default::default(),
            pawn_sq: Default::default(),
        }
    }
}

impl Logic for KingAttack {
    #[hdl_gen]
    fn update(&mut self) {
        self.occ.next = self.orth.val()
            | self.diag.val()
            | self.king.val()
            | self.pawn.val()
            | self.knight.val();
        self.empty.next = !self.occ.val();
        if self.white.val() {
            self.att.next = self.occ.val() & self.col.val();
        } else {
            self.att.next = self.occ.val() & !self.col.val();
        }
        self.vk.next = self.occ.val() & !self.att.val() & self.king.val();

        // The king's signal along each ray, through empty squares, to the first piece.
        self.hit_o.next = 0_u64.into();
        self.hit_d.next = 0_u64.into();
        self.steps.next = 0_u64.into();
        self.jumps.next = 0_u64.into();
        for j in 0..4 {
            self.prop.next = self.empty.val() & self.k_ray_m[2 * j].val();
            self.t.next = self.vk.val()
                | (self.prop.val()
                    & ((self.vk.val() << self.k_ray_l[2 * j].val()) >> self.k_ray_r[2 * j].val()));
            self.prop.next = self.prop.val()
                & ((self.prop.val() << self.k_ray_l[2 * j].val()) >> self.k_ray_r[2 * j].val());
            self.t.next = self.t.val()
                | (self.prop.val()
                    & ((self.t.val() << self.k_ray_l2[2 * j].val()) >> self.k_ray_r2[2 * j].val()));
            self.prop.next = self.prop.val()
                & ((self.prop.val() << self.k_ray_l2[2 * j].val()) >> self.k_ray_r2[2 * j].val());
            self.t.next = self.t.val()
                | (self.prop.val()
                    & ((self.t.val() << self.k_ray_l4[2 * j].val()) >> self.k_ray_r4[2 * j].val()));
            self.hit_o.next = self.hit_o.val()
                | (((self.t.val() << self.k_ray_l[2 * j].val()) >> self.k_ray_r[2 * j].val())
                    & self.k_ray_m[2 * j].val());
            self.prop.next = self.empty.val() & self.k_ray_m[2 * j + 1].val();
            self.t.next = self.vk.val()
                | (self.prop.val()
                    & ((self.vk.val() << self.k_ray_l[2 * j + 1].val())
                        >> self.k_ray_r[2 * j + 1].val()));
            self.prop.next = self.prop.val()
                & ((self.prop.val() << self.k_ray_l[2 * j + 1].val())
                    >> self.k_ray_r[2 * j + 1].val());
            self.t.next = self.t.val()
                | (self.prop.val()
                    & ((self.t.val() << self.k_ray_l2[2 * j + 1].val())
                        >> self.k_ray_r2[2 * j + 1].val()));
            self.prop.next = self.prop.val()
                & ((self.prop.val() << self.k_ray_l2[2 * j + 1].val())
                    >> self.k_ray_r2[2 * j + 1].val());
            self.t.next = self.t.val()
                | (self.prop.val()
                    & ((self.t.val() << self.k_ray_l4[2 * j + 1].val())
                        >> self.k_ray_r4[2 * j + 1].val()));
            self.hit_d.next = self.hit_d.val()
                | (((self.t.val() << self.k_ray_l[2 * j + 1].val())
                    >> self.k_ray_r[2 * j + 1].val())
                    & self.k_ray_m[2 * j + 1].val());
        }
        for d in 0..8 {
            self.steps.next = self.steps.val()
                | (((self.vk.val() << self.k_ray_l[d].val()) >> self.k_ray_r[d].val())
                    & self.k_ray_m[d].val());
            self.jumps.next = self.jumps.val()
                | (((self.vk.val() << self.k_jump_l[d].val()) >> self.k_jump_r[d].val())
                    & self.k_jump_m[d].val());
        }
        // A white pawn takes forward: it stands one rank below the king (rays 3 and 5, south-
        // east and south-west of it); a black pawn one rank above (rays 1 and 7).
        if self.white.val() {
            self.pawn_sq.next = (((self.vk.val() << self.k_ray_l[3].val())
                >> self.k_ray_r[3].val())
                & self.k_ray_m[3].val())
                | (((self.vk.val() << self.k_ray_l[5].val()) >> self.k_ray_r[5].val())
                    & self.k_ray_m[5].val());
        } else {
            self.pawn_sq.next = (((self.vk.val() << self.k_ray_l[1].val())
                >> self.k_ray_r[1].val())
                & self.k_ray_m[1].val())
                | (((self.vk.val() << self.k_ray_l[7].val()) >> self.k_ray_r[7].val())
                    & self.k_ray_m[7].val());
        }
        self.capturable.next = (self.att.val()
            & ((self.hit_o.val() & self.orth.val())
                | (self.hit_d.val() & self.diag.val())
                | (self.jumps.val() & self.knight.val())
                | (self.steps.val() & self.king.val())
                | (self.pawn_sq.val() & self.pawn.val())))
        .any();
    }
}
