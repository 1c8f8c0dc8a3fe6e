//! The 8x8 array of chess squares (paper sections 4.1, 4.2, 4.5; Figure 1): every square's
//! transmitter (TX), the 5-bit neighbour buses and 2-bit knight buses between squares, and
//! every square's receiver (RX), which bids for the arbiter tree with a 3-bit priority.
//!
//! One cycle, pipelined: the transmitters, the ray fills and the buses (everything that
//! depends on the board and the target) are registered inside the array (`s_*`, with the
//! mode and mask of the thread they belong to), and the receivers read those registers in
//! the next cycle; the generator registers the bids once more before the arbiter trees. In
//! the generator's 4-slow loop (`common::slow4`) the array thus reads the thread whose turn
//! comes three cycles later. The cut halves the longest path of the loop (a probe,
//! 2026-11-27: 50.2 MHz routed where the uncut array's loop reached 30.3). Before the cut
//! no fill is reduced to a bit: the target's line (selected by where the target stands on
//! the enemy king's rays), the discoverers that leave their line and the target's moves as
//! a discoverer are read after it from the registered rays of the king and the target
//! (`s_ray_*`), where they were the 4-slow unit's critical path (48.5 MHz asked for 50).
//!
//! ## The extended piece word (Table 1) as six bit planes
//! Each square holds the paper's 6-bit extended piece word `c o d k p n`: colour (1 = white),
//! orthogonal slider (rook, queen), diagonal slider (bishop, queen), king, pawn, knight. A white
//! queen is `111000`; `011111` is the union of all piece kinds a victim square radiates in a
//! find-aggressor cycle. The array keeps bit `i` of every square's word in plane `i` (one 64-bit
//! bus per bit), so that a bus between neighbours is a shift of a plane. The upper five bits go
//! to the 8 neighbours, `c n` to the 8 knight squares, as in the paper.
//!
//! ## Buses
//! Directions come from one table ([`RAYS`], [`JUMPS`]), as the paper generated its VHDL from
//! one C table: a step along direction `d` is `((x << l[d]) >> r[d]) & m[d]`, the mask dropping
//! squares that wrapped around a board edge. A slider's signal ripples on through empty squares
//! (6 more steps after the first), stopping on the first occupied square, which receives it.
//! Exceptional moves (section 4.5): third-rank (sixth-rank) squares pass the pawn bit on for the
//! double push; f1/d1 (f8/d8) pass the king bit on for castling, which also needs the right,
//! the rook, the empty squares between and the king's three squares not attacked; a pawn
//! transmits horizontally to the pawn that just made a double push, for en passant.
//!
//! ## Receivers: what bids in each mode
//! Modes are `phase` (0 checks, 1 promotions, 2 captures, 3 quiet moves) and `aggressor`
//! (find-aggressor when set, else find-victim / find-pivot). The contract is the golden model's,
//! `model::chess::generator` (its module header has the table): victims bid with the value of
//! what stands on them (queen 6 .. pawn 2, empty 1), aggressors with the inverse of their own
//! value (pawn 6 .. king 1). Masked squares (`mask`) do not bid. The check kinds of a square
//! come from the enemy king radiating the union word: a queen arriving on a diagonal at a square
//! that sees the king orthogonally checks, a bishop does not (the paper's section 4.2 ambiguity),
//! because each kind is gated by its own bits. With `discovered` the array serves the
//! discovered-check loop: find-discoverer (the discoverers bid as aggressors do) and
//! find-discovered (the target is a discoverer: the squares it moves to off its line without a
//! direct check bid as victims do); captures and quiet moves then leave the discovered checks
//! out (`disc_off`). In every mode the look-ahead planes (`ahead*`) carry the phase's victim
//! bids with the target masked too: in find-aggressor they name the next victim.

use rust_hdl::prelude::*;

/// The eight ray directions (file step, rank step), clockwise from north. Pawns use 0 / 4
/// (white / black push), 1 and 7 / 3 and 5 (captures), 2 and 6 (beside, for en passant).
pub const RAYS: [(i8, i8); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];

/// The eight knight jumps.
pub const JUMPS: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

/// Left shift, right shift and destination mask of one step `(df, dr)` on a 64-bit plane.
pub fn step_constants((df, dr): (i8, i8)) -> (u64, u64, u64) {
    step_constants_times((df, dr), 1)
}

/// The shifts of `k` steps along `(df, dr)` and the destination mask of one step (the
/// parallel-prefix fill masks its propagators once, then shifts by 2 and 4 steps).
pub fn step_constants_times((df, dr): (i8, i8), k: i64) -> (u64, u64, u64) {
    let shift = k * (dr as i64 * 8 + df as i64);
    let mut mask = 0u64;
    for s in 0..64 {
        let f = (s % 8) as i8;
        if (0..8).contains(&(f - df)) {
            mask |= 1 << s;
        }
    }
    (shift.max(0) as u64, (-shift).max(0) as u64, mask)
}

/// Number of slider sources per line kind (see `update`): own rook+queen / bishop+queen, own
/// queens, enemy sliders, the enemy king (check squares), the target square (aggressors).
const SOURCES: usize = 5;

#[derive(LogicBlock)]
pub struct SquareArray {
    pub clock: Signal<In, Clock>,
    /// The six planes of the extended piece word.
    pub col: Signal<In, Bits<64>>,
    pub orth: Signal<In, Bits<64>>,
    pub diag: Signal<In, Bits<64>>,
    pub king: Signal<In, Bits<64>>,
    pub pawn: Signal<In, Bits<64>>,
    pub knight: Signal<In, Bits<64>>,
    /// The side to move's pieces, registered beside the board by its owner (a make or an
    /// unmake knows the next board and the next side), so that no square's receiver waits for
    /// the side-to-move bit: one register feeding every square was the critical path's start.
    pub own: Signal<In, Bits<64>>,
    /// White to move: only the rank masks and the castling rights depend on it now (the pawn
    /// buses take their direction from each pawn's colour bit).
    pub white: Signal<In, Bit>,
    /// Castling rights: bit 0 white king side, 1 white queen side, 2 black king, 3 black queen.
    pub castling: Signal<In, Bits<4>>,
    /// The pawn that just made a double push (its square), if `ep_valid`.
    pub ep_valid: Signal<In, Bit>,
    pub ep_victim: Signal<In, Bits<6>>,
    /// Phase: 0 checks, 1 promotions, 2 captures, 3 quiet moves.
    pub phase: Signal<In, Bits<2>>,
    /// Find-aggressor (else find-victim); with `discovered`, find-discovered (else
    /// find-discoverer).
    pub aggressor: Signal<In, Bit>,
    /// The discovered-check loop: find-discoverer (the discoverers bid, least valuable
    /// first) or find-discovered (the target is a discoverer; the squares it moves to off its
    /// line without a direct check bid, most valuable first).
    pub discovered: Signal<In, Bit>,
    /// The victim square of a find-aggressor cycle.
    pub target: Signal<In, Bits<6>>,
    /// Squares that do not bid (Belle's mask bits).
    pub mask: Signal<In, Bits<64>>,
    /// Every square's 3-bit bid, as three planes (bit 2, bit 1, bit 0); 0 = no bid.
    pub bid2: Signal<Out, Bits<64>>,
    pub bid1: Signal<Out, Bits<64>>,
    pub bid0: Signal<Out, Bits<64>>,
    /// The look-ahead, in every cycle: the phase's victim bids with the target masked too, as
    /// victim planes. In a find-aggressor cycle they name the next victim, so that the last
    /// aggressor of one victim is followed by the first of the next (no find-victim cycle).
    pub ahead2: Signal<Out, Bits<64>>,
    pub ahead1: Signal<Out, Bits<64>>,
    pub ahead0: Signal<Out, Bits<64>>,
    /// The target stands on the mover's last rank (a pawn moving there promotes).
    pub target_last: Signal<Out, Bit>,
    /// The target is the en passant victim.
    pub target_ep: Signal<Out, Bit>,
    /// The side to move attacks the enemy king: the move that led here was illegal (the
    /// legality check of perft on chip, beyond the paper's pseudo-legal generator).
    pub king_capturable: Signal<Out, Bit>,
    /// Some own piece is a discoverer (the discovered-check loop has work).
    pub any_discoverer: Signal<Out, Bit>,
    /// Bit p: some square bids as a victim of phase p with no mask (whatever the mode): the
    /// generator spends no cycle on a phase without victims.
    pub victims_any: Signal<Out, Bits<4>>,
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
    k_one: Constant<Bits<64>>,
    occ: Signal<Local, Bits<64>>,
    empty: Signal<Local, Bits<64>>,
    enemy: Signal<Local, Bits<64>>,
    o_p: Signal<Local, Bits<64>>,
    o_n: Signal<Local, Bits<64>>,
    o_r: Signal<Local, Bits<64>>,
    o_q: Signal<Local, Bits<64>>,
    o_k: Signal<Local, Bits<64>>,
    e_p: Signal<Local, Bits<64>>,
    e_k: Signal<Local, Bits<64>>,
    tgt: Signal<Local, Bits<64>>,
    epv: Signal<Local, Bits<64>>,
    last: Signal<Local, Bits<64>>,
    /// Slider sources and what their signals reach, orthogonal and diagonal.
    src_o: [Signal<Local, Bits<64>>; SOURCES],
    src_d: [Signal<Local, Bits<64>>; SOURCES],
    reach_o: [Signal<Local, Bits<64>>; SOURCES],
    reach_d: [Signal<Local, Bits<64>>; SOURCES],
    /// The same per direction: source `k`'s reach along direction `2j` (`ray_o[4k + j]`) and
    /// `2j + 1` (`ray_d[4k + j]`).
    ray_o: [Signal<Local, Bits<64>>; 4 * SOURCES],
    ray_d: [Signal<Local, Bits<64>>; 4 * SOURCES],
    /// Discoverers: own pieces alone between an own slider of the line's kind and the enemy
    /// king; `line` the squares of the target's line (king to slider) when it is one.
    disc: Signal<Local, Bits<64>>,
    line: Signal<Local, Bits<64>>,
    /// Discoverers whose move to the target leaves their line (a discovered check).
    disc_off: Signal<Local, Bits<64>>,
    b_reach: Signal<Local, Bits<64>>,
    b_check: Signal<Local, Bits<64>>,
    b_push: Signal<Local, Bits<64>>,
    t: Signal<Local, Bits<64>>,
    prop: Signal<Local, Bits<64>>,
    n_reach: Signal<Local, Bits<64>>,
    k_reach: Signal<Local, Bits<64>>,
    e_att: Signal<Local, Bits<64>>,
    ck_n: Signal<Local, Bits<64>>,
    ck_p: Signal<Local, Bits<64>>,
    t_n: Signal<Local, Bits<64>>,
    t_k: Signal<Local, Bits<64>>,
    p_cap: Signal<Local, Bits<64>>,
    push1: Signal<Local, Bits<64>>,
    push2: Signal<Local, Bits<64>>,
    ep_from: Signal<Local, Bits<64>>,
    t_pcap: Signal<Local, Bits<64>>,
    t_push: Signal<Local, Bits<64>>,
    o_pw: Signal<Local, Bits<64>>,
    o_pb: Signal<Local, Bits<64>>,
    tp_w: Signal<Local, Bits<64>>,
    tp_b: Signal<Local, Bits<64>>,
    bw: Signal<Local, Bits<64>>,
    bb: Signal<Local, Bits<64>>,
    t_beside: Signal<Local, Bits<64>>,
    castles: Signal<Local, Bits<64>>,
    c_home: Signal<Local, Bits<64>>,
    c_rights: Signal<Local, Bits<2>>,
    c_k: Signal<Local, Bit>,
    c_o: Signal<Local, Bit>,
    c_d: Signal<Local, Bit>,
    c_n: Signal<Local, Bit>,
    c_p: Signal<Local, Bit>,
    g_p: Signal<Local, Bit>,
    g_n: Signal<Local, Bit>,
    g_b: Signal<Local, Bit>,
    g_r: Signal<Local, Bit>,
    g_q: Signal<Local, Bit>,
    g_k: Signal<Local, Bit>,
    pawn_geo: Signal<Local, Bits<64>>,
    bid: Signal<Local, Bits<64>>,
    /// The phase's victim bids (masked), whatever the mode.
    vb: Signal<Local, Bits<64>>,
    /// Each phase's victims (no mask), and the squares that are never victims.
    vp: [Signal<Local, Bits<64>>; 4],
    vx: Signal<Local, Bits<64>>,
    ahead: Signal<Local, Bits<64>>,
    /// The own pieces by kind, as the receivers read them (from the registered planes).
    ro_p: Signal<Local, Bits<64>>,
    ro_n: Signal<Local, Bits<64>>,
    ro_b: Signal<Local, Bits<64>>,
    ro_r: Signal<Local, Bits<64>>,
    ro_q: Signal<Local, Bits<64>>,
    ro_k: Signal<Local, Bits<64>>,
    /// The cut inside the array (see the header): the fills, the buses and the board's
    /// planes as the receivers read them, and the mode of the thread they belong to.
    s_n_reach: DFF<Bits<64>>,
    s_ck_n: DFF<Bits<64>>,
    s_t_n: DFF<Bits<64>>,
    s_k_reach: DFF<Bits<64>>,
    s_t_k: DFF<Bits<64>>,
    s_p_cap: DFF<Bits<64>>,
    s_push1: DFF<Bits<64>>,
    s_push2: DFF<Bits<64>>,
    s_ck_p: DFF<Bits<64>>,
    s_t_pcap: DFF<Bits<64>>,
    s_t_push: DFF<Bits<64>>,
    s_ep_from: DFF<Bits<64>>,
    s_t_beside: DFF<Bits<64>>,
    s_castles: DFF<Bits<64>>,
    s_disc: DFF<Bits<64>>,
    /// The rays of the enemy king (source 3) and of the target (source 4), direction by
    /// direction (`ray_o[12..20]`, `ray_d[12..20]`): the target's line and the discovered
    /// checks are read from them after the cut, so that no fill feeds a reduction before it.
    s_ray_o: [DFF<Bits<64>>; 8],
    s_ray_d: [DFF<Bits<64>>; 8],
    /// Where the target moves as a pawn, and which own piece kind stands on it.
    s_b_push: DFF<Bits<64>>,
    s_on_orth: DFF<Bit>,
    s_on_diag: DFF<Bit>,
    s_on_n: DFF<Bit>,
    s_on_k: DFF<Bit>,
    s_on_p: DFF<Bit>,
    s_own: DFF<Bits<64>>,
    s_enemy: DFF<Bits<64>>,
    s_empty: DFF<Bits<64>>,
    s_e_k: DFF<Bits<64>>,
    s_last: DFF<Bits<64>>,
    s_tgt: DFF<Bits<64>>,
    s_epv: DFF<Bits<64>>,
    s_orth: DFF<Bits<64>>,
    s_diag: DFF<Bits<64>>,
    s_knight: DFF<Bits<64>>,
    s_pawn: DFF<Bits<64>>,
    s_king: DFF<Bits<64>>,
    s_reach_o: [DFF<Bits<64>>; SOURCES],
    s_reach_d: [DFF<Bits<64>>; SOURCES],
    s_phase: DFF<Bits<2>>,
    s_aggressor: DFF<Bit>,
    s_discovered: DFF<Bit>,
    s_mask: DFF<Bits<64>>,
}

impl Default for SquareArray {
    fn default() -> Self {
        let ray = RAYS.map(step_constants);
        let jump = JUMPS.map(step_constants);
        SquareArray {
            col: Default::default(),
            orth: Default::default(),
            diag: Default::default(),
            king: Default::default(),
            pawn: Default::default(),
            knight: Default::default(),
            white: Default::default(),
            castling: Default::default(),
            ep_valid: Default::default(),
            ep_victim: Default::default(),
            phase: Default::default(),
            aggressor: Default::default(),
            discovered: Default::default(),
            target: Default::default(),
            mask: Default::default(),
            bid2: Default::default(),
            ahead2: Default::default(),
            ahead1: Default::default(),
            ahead0: Default::default(),
            bid1: Default::default(),
            bid0: Default::default(),
            target_last: Default::default(),
            target_ep: Default::default(),
            king_capturable: Default::default(),
            any_discoverer: Default::default(),
            victims_any: Default::default(),
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
            k_one: Constant::new(1_u64.into()),
            ray_o: Default::default(),
            ray_d: Default::default(),
            disc: Default::default(),
            line: Default::default(),
            disc_off: Default::default(),
            b_reach: Default::default(),
            b_check: Default::default(),
            b_push: Default::default(),
            occ: Default::default(),
            empty: Default::default(),
            own: Default::default(),
            enemy: Default::default(),
            o_p: Default::default(),
            o_n: Default::default(),
            o_r: Default::default(),
            o_q: Default::default(),
            o_k: Default::default(),
            e_p: Default::default(),
            e_k: Default::default(),
            tgt: Default::default(),
            epv: Default::default(),
            last: Default::default(),
            src_o: Default::default(),
            src_d: Default::default(),
            reach_o: Default::default(),
            reach_d: Default::default(),
            t: Default::default(),
            prop: Default::default(),
            n_reach: Default::default(),
            k_reach: Default::default(),
            e_att: Default::default(),
            ck_n: Default::default(),
            ck_p: Default::default(),
            t_n: Default::default(),
            t_k: Default::default(),
            p_cap: Default::default(),
            push1: Default::default(),
            push2: Default::default(),
            ep_from: Default::default(),
            t_pcap: Default::default(),
            t_push: Default::default(),
            o_pw: Default::default(),
            o_pb: Default::default(),
            tp_w: Default::default(),
            tp_b: Default::default(),
            bw: Default::default(),
            bb: Default::default(),
            t_beside: Default::default(),
            castles: Default::default(),
            c_home: Default::default(),
            c_rights: Default::default(),
            c_k: Default::default(),
            c_o: Default::default(),
            c_d: Default::default(),
            c_n: Default::default(),
            c_p: Default::default(),
            g_p: Default::default(),
            g_n: Default::default(),
            g_b: Default::default(),
            g_r: Default::default(),
            g_q: Default::default(),
            g_k: Default::default(),
            pawn_geo: Default::default(),
            bid: Default::default(),
            vb: Default::default(),
            vp: Default::default(),
            vx: Default::default(),
            ahead: Default::default(),
            ro_p: Default::default(),
            ro_n: Default::default(),
            ro_b: Default::default(),
            ro_r: Default::default(),
            ro_q: Default::default(),
            ro_k: Default::default(),
            s_n_reach: Default::default(),
            s_ck_n: Default::default(),
            s_t_n: Default::default(),
            s_k_reach: Default::default(),
            s_t_k: Default::default(),
            s_p_cap: Default::default(),
            s_push1: Default::default(),
            s_push2: Default::default(),
            s_ck_p: Default::default(),
            s_t_pcap: Default::default(),
            s_t_push: Default::default(),
            s_ep_from: Default::default(),
            s_t_beside: Default::default(),
            s_castles: Default::default(),
            s_disc: Default::default(),
            s_ray_o: Default::default(),
            s_ray_d: Default::default(),
            s_b_push: Default::default(),
            s_on_orth: Default::default(),
            s_on_diag: Default::default(),
            s_on_n: Default::default(),
            s_on_k: Default::default(),
            s_on_p: Default::default(),
            s_own: Default::default(),
            s_enemy: Default::default(),
            s_empty: Default::default(),
            s_e_k: Default::default(),
            s_last: Default::default(),
            s_tgt: Default::default(),
            s_epv: Default::default(),
            s_orth: Default::default(),
            s_diag: Default::default(),
            s_knight: Default::default(),
            s_pawn: Default::default(),
            s_king: Default::default(),
            s_reach_o: Default::default(),
            s_reach_d: Default::default(),
            s_phase: Default::default(),
            s_aggressor: Default::default(),
            s_discovered: Default::default(),
            s_mask: Default::default(),
            clock: Default::default(),
        }
    }
}

impl Logic for SquareArray {
    #[hdl_gen]
    fn update(&mut self) {
        // Decode the planes: who stands where.
        self.occ.next = self.orth.val()
            | self.diag.val()
            | self.king.val()
            | self.pawn.val()
            | self.knight.val();
        self.empty.next = !self.occ.val();
        if self.white.val() {
            self.last.next = 0xFF00_0000_0000_0000_u64.into();
            self.c_home.next = 0x0000_0000_0000_00FF_u64.into();
            self.c_rights.next = self.castling.val().get_bits::<2>(0);
        } else {
            self.last.next = 0x0000_0000_0000_00FF_u64.into();
            self.c_home.next = 0xFF00_0000_0000_0000_u64.into();
            self.c_rights.next = self.castling.val().get_bits::<2>(2);
        }
        self.enemy.next = self.occ.val() & !self.own.val();
        self.o_p.next = self.own.val() & self.pawn.val();
        self.o_n.next = self.own.val() & self.knight.val();
        self.o_r.next = self.own.val() & self.orth.val() & !self.diag.val();
        self.o_q.next = self.own.val() & self.orth.val() & self.diag.val();
        self.o_k.next = self.own.val() & self.king.val();
        self.e_p.next = self.enemy.val() & self.pawn.val();
        self.e_k.next = self.enemy.val() & self.king.val();
        self.tgt.next = self.k_one.val() << self.target.val();
        if self.ep_valid.val() {
            self.epv.next = self.k_one.val() << self.ep_victim.val();
        } else {
            self.epv.next = 0_u64.into();
        }

        // Slider transmitters: each source's signal travels on through empty squares and
        // stops on the first occupied square, which receives it. The paper ripples it square
        // by square (7 steps across the board); the same fill is computed here as a parallel
        // prefix over the empty squares (steps of 1, 2, 4 squares: 3 logic levels).
        self.src_o[0].next = self.own.val() & self.orth.val();
        self.src_d[0].next = self.own.val() & self.diag.val();
        self.src_o[1].next = self.o_q.val();
        self.src_d[1].next = self.o_q.val();
        self.src_o[2].next = self.enemy.val() & self.orth.val();
        self.src_d[2].next = self.enemy.val() & self.diag.val();
        self.src_o[3].next = self.e_k.val();
        self.src_d[3].next = self.e_k.val();
        self.src_o[4].next = self.tgt.val();
        self.src_d[4].next = self.tgt.val();
        for k in 0..5 {
            self.reach_o[k].next = 0_u64.into();
            self.reach_d[k].next = 0_u64.into();
            // Orthogonal rays are the even directions, diagonal ones the odd.
            for j in 0..4 {
                self.prop.next = self.empty.val() & self.k_ray_m[2 * j].val();
                self.t.next = self.src_o[k].val()
                    | (self.prop.val()
                        & ((self.src_o[k].val() << self.k_ray_l[2 * j].val())
                            >> self.k_ray_r[2 * j].val()));
                self.prop.next = self.prop.val()
                    & ((self.prop.val() << self.k_ray_l[2 * j].val()) >> self.k_ray_r[2 * j].val());
                self.t.next = self.t.val()
                    | (self.prop.val()
                        & ((self.t.val() << self.k_ray_l2[2 * j].val())
                            >> self.k_ray_r2[2 * j].val()));
                self.prop.next = self.prop.val()
                    & ((self.prop.val() << self.k_ray_l2[2 * j].val())
                        >> self.k_ray_r2[2 * j].val());
                self.t.next = self.t.val()
                    | (self.prop.val()
                        & ((self.t.val() << self.k_ray_l4[2 * j].val())
                            >> self.k_ray_r4[2 * j].val()));
                self.ray_o[4 * k + j].next = ((self.t.val() << self.k_ray_l[2 * j].val())
                    >> self.k_ray_r[2 * j].val())
                    & self.k_ray_m[2 * j].val();
                self.reach_o[k].next = self.reach_o[k].val() | self.ray_o[4 * k + j].val();
                self.prop.next = self.empty.val() & self.k_ray_m[2 * j + 1].val();
                self.t.next = self.src_d[k].val()
                    | (self.prop.val()
                        & ((self.src_d[k].val() << self.k_ray_l[2 * j + 1].val())
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
                self.ray_d[4 * k + j].next = ((self.t.val() << self.k_ray_l[2 * j + 1].val())
                    >> self.k_ray_r[2 * j + 1].val())
                    & self.k_ray_m[2 * j + 1].val();
                self.reach_d[k].next = self.reach_d[k].val() | self.ray_d[4 * k + j].val();
            }
        }

        // Knight buses and one-step king buses: own pieces, the enemy king's squares, the target.
        self.n_reach.next = 0_u64.into();
        self.ck_n.next = 0_u64.into();
        self.t_n.next = 0_u64.into();
        self.k_reach.next = 0_u64.into();
        self.e_att.next = self.reach_o[2].val() | self.reach_d[2].val();
        self.t_k.next = 0_u64.into();
        for d in 0..8 {
            self.n_reach.next = self.n_reach.val()
                | (((self.o_n.val() << self.k_jump_l[d].val()) >> self.k_jump_r[d].val())
                    & self.k_jump_m[d].val());
            self.ck_n.next = self.ck_n.val()
                | (((self.e_k.val() << self.k_jump_l[d].val()) >> self.k_jump_r[d].val())
                    & self.k_jump_m[d].val());
            self.t_n.next = self.t_n.val()
                | (((self.tgt.val() << self.k_jump_l[d].val()) >> self.k_jump_r[d].val())
                    & self.k_jump_m[d].val());
            self.e_att.next = self.e_att.val()
                | (((self.enemy.val() & self.knight.val()) << self.k_jump_l[d].val())
                    >> self.k_jump_r[d].val())
                    & self.k_jump_m[d].val()
                | (((self.e_k.val() << self.k_ray_l[d].val()) >> self.k_ray_r[d].val())
                    & self.k_ray_m[d].val());
            self.k_reach.next = self.k_reach.val()
                | (((self.o_k.val() << self.k_ray_l[d].val()) >> self.k_ray_r[d].val())
                    & self.k_ray_m[d].val());
            self.t_k.next = self.t_k.val()
                | (((self.tgt.val() << self.k_ray_l[d].val()) >> self.k_ray_r[d].val())
                    & self.k_ray_m[d].val());
        }

        // Pawn buses, by colour: pushes (the third rank passes the pawn bit on), captures,
        // the enemy pawns' attacks, the squares from which an own pawn checks, the squares
        // from which own pawns reach the target, and the horizontal en passant output. Each
        // bus is the white pawns' (north) OR the black pawns' (south), split by the colour
        // plane: the own pieces are one colour, so one half is empty, and no 64-bit mux waits
        // for the side to move. The target-relative buses (`t_pcap`, `t_push`) are read
        // through the own pawns only, so they take the half of the colour standing there.
        self.o_pw.next = self.o_p.val() & self.col.val();
        self.o_pb.next = self.o_p.val() & !self.col.val();
        self.push1.next = ((((self.o_pw.val() << self.k_ray_l[0].val()) >> self.k_ray_r[0].val())
            & self.k_ray_m[0].val())
            | (((self.o_pb.val() << self.k_ray_l[4].val()) >> self.k_ray_r[4].val())
                & self.k_ray_m[4].val()))
            & self.empty.val();
        self.push2.next = ((((self.push1.val() & 0x0000_0000_00FF_0000_u64)
            << self.k_ray_l[0].val())
            >> self.k_ray_r[0].val())
            & self.k_ray_m[0].val()
            | (((self.push1.val() & 0x0000_FF00_0000_0000_u64) << self.k_ray_l[4].val())
                >> self.k_ray_r[4].val())
                & self.k_ray_m[4].val())
            & self.empty.val();
        // (A black pawn's single push on the third rank, sent north again, lands on the pawn
        // itself, which is not empty; so does a white one's on the sixth: no split needed.)
        self.p_cap.next = (((self.o_pw.val() << self.k_ray_l[1].val()) >> self.k_ray_r[1].val())
            & self.k_ray_m[1].val())
            | (((self.o_pw.val() << self.k_ray_l[7].val()) >> self.k_ray_r[7].val())
                & self.k_ray_m[7].val())
            | (((self.o_pb.val() << self.k_ray_l[3].val()) >> self.k_ray_r[3].val())
                & self.k_ray_m[3].val())
            | (((self.o_pb.val() << self.k_ray_l[5].val()) >> self.k_ray_r[5].val())
                & self.k_ray_m[5].val());
        self.e_att.next = self.e_att.val()
            | (((self.e_p.val() & self.col.val()) << self.k_ray_l[1].val())
                >> self.k_ray_r[1].val())
                & self.k_ray_m[1].val()
            | (((self.e_p.val() & self.col.val()) << self.k_ray_l[7].val())
                >> self.k_ray_r[7].val())
                & self.k_ray_m[7].val()
            | (((self.e_p.val() & !self.col.val()) << self.k_ray_l[3].val())
                >> self.k_ray_r[3].val())
                & self.k_ray_m[3].val()
            | (((self.e_p.val() & !self.col.val()) << self.k_ray_l[5].val())
                >> self.k_ray_r[5].val())
                & self.k_ray_m[5].val();
        // An own pawn checks a black king from its south-east and south-west squares.
        self.ck_p.next = ((((self.e_k.val() & !self.col.val()) << self.k_ray_l[3].val())
            >> self.k_ray_r[3].val())
            & self.k_ray_m[3].val())
            | ((((self.e_k.val() & !self.col.val()) << self.k_ray_l[5].val())
                >> self.k_ray_r[5].val())
                & self.k_ray_m[5].val())
            | ((((self.e_k.val() & self.col.val()) << self.k_ray_l[1].val())
                >> self.k_ray_r[1].val())
                & self.k_ray_m[1].val())
            | ((((self.e_k.val() & self.col.val()) << self.k_ray_l[7].val())
                >> self.k_ray_r[7].val())
                & self.k_ray_m[7].val());
        self.t_pcap.next = ((((self.tgt.val() << self.k_ray_l[3].val()) >> self.k_ray_r[3].val())
            & self.k_ray_m[3].val())
            | (((self.tgt.val() << self.k_ray_l[5].val()) >> self.k_ray_r[5].val())
                & self.k_ray_m[5].val()))
            & self.col.val()
            | ((((self.tgt.val() << self.k_ray_l[1].val()) >> self.k_ray_r[1].val())
                & self.k_ray_m[1].val())
                | (((self.tgt.val() << self.k_ray_l[7].val()) >> self.k_ray_r[7].val())
                    & self.k_ray_m[7].val()))
                & !self.col.val();
        self.tp_w.next = ((self.tgt.val() << self.k_ray_l[4].val()) >> self.k_ray_r[4].val())
            & self.k_ray_m[4].val();
        self.tp_w.next = self.tp_w.val()
            | ((((self.tp_w.val() & self.empty.val() & 0x0000_0000_00FF_0000_u64)
                << self.k_ray_l[4].val())
                >> self.k_ray_r[4].val())
                & self.k_ray_m[4].val());
        self.tp_b.next = ((self.tgt.val() << self.k_ray_l[0].val()) >> self.k_ray_r[0].val())
            & self.k_ray_m[0].val();
        self.tp_b.next = self.tp_b.val()
            | ((((self.tp_b.val() & self.empty.val() & 0x0000_FF00_0000_0000_u64)
                << self.k_ray_l[0].val())
                >> self.k_ray_r[0].val())
                & self.k_ray_m[0].val());
        self.t_push.next = (self.tp_w.val() & self.col.val()) | (self.tp_b.val() & !self.col.val());
        // A pawn on the last rank promotes: it checks as nothing there.
        self.ck_p.next = self.ck_p.val() & !self.last.val();
        // En passant: own pawns beside the victim (rays 2 and 6).
        self.ep_from.next = ((((self.epv.val() << self.k_ray_l[2].val())
            >> self.k_ray_r[2].val())
            & self.k_ray_m[2].val())
            | (((self.epv.val() << self.k_ray_l[6].val()) >> self.k_ray_r[6].val())
                & self.k_ray_m[6].val()))
            & self.o_p.val();
        self.t_beside.next = 0_u64.into();
        if (self.tgt.val() & self.epv.val()).any() {
            self.t_beside.next = self.ep_from.val();
        }

        // Castling (section 4.5): f1/d1 pass the king bit on to g1/c1 when the right holds, the
        // rook stands on its corner, the squares between are empty and the king's square, the
        // square it crosses and the square it reaches are not attacked.
        self.castles.next = 0_u64.into();
        if self.c_rights.val().get_bit(0)
            && (self.o_k.val() & self.c_home.val() & 0x1000_0000_0000_0010_u64).any()
            && (self.o_r.val() & self.c_home.val() & 0x8000_0000_0000_0080_u64).any()
            && !(self.occ.val() & self.c_home.val() & 0x6000_0000_0000_0060_u64).any()
            && !(self.e_att.val() & self.c_home.val() & 0x7000_0000_0000_0070_u64).any()
        {
            self.castles.next = self.c_home.val() & 0x4000_0000_0000_0040_u64;
        }
        if self.c_rights.val().get_bit(1)
            && (self.o_k.val() & self.c_home.val() & 0x1000_0000_0000_0010_u64).any()
            && (self.o_r.val() & self.c_home.val() & 0x0100_0000_0000_0001_u64).any()
            && !(self.occ.val() & self.c_home.val() & 0x0E00_0000_0000_000E_u64).any()
            && !(self.e_att.val() & self.c_home.val() & 0x1C00_0000_0000_001C_u64).any()
        {
            self.castles.next =
                self.castles.val() | (self.c_home.val() & 0x0400_0000_0000_0004_u64);
        }

        // Discovered checks. Per direction d from the enemy king (source 3), its ray ends on
        // the first piece; an own piece there is a discoverer when the own sliders' ray the
        // other way (source 0, direction d + 4) ends on it too. Its line's squares are the
        // target's rays (source 4) along the same axis, so a discoverer's move to the target
        // leaves the line exactly when the target's rays along that axis miss it.
        self.disc.next = self.own.val()
            & ((self.ray_o[12].val() & self.ray_o[2].val())
                | (self.ray_o[13].val() & self.ray_o[3].val())
                | (self.ray_o[14].val() & self.ray_o[0].val())
                | (self.ray_o[15].val() & self.ray_o[1].val())
                | (self.ray_d[12].val() & self.ray_d[2].val())
                | (self.ray_d[13].val() & self.ray_d[3].val())
                | (self.ray_d[14].val() & self.ray_d[0].val())
                | (self.ray_d[15].val() & self.ray_d[1].val()));
        // Where the target moves as a pawn (read only when it is an own pawn, so its colour
        // bit gives the direction): pushes, the double push, captures.
        self.bw.next = (self.tgt.val() & self.col.val()) << self.k_ray_l[0].val()
            >> self.k_ray_r[0].val()
            & self.k_ray_m[0].val()
            & self.empty.val();
        self.bw.next = self.bw.val()
            | ((((self.bw.val() & 0x0000_0000_00FF_0000_u64) << self.k_ray_l[0].val())
                >> self.k_ray_r[0].val())
                & self.k_ray_m[0].val()
                & self.empty.val())
            | ((((self.tgt.val() & self.col.val()) << self.k_ray_l[1].val())
                >> self.k_ray_r[1].val())
                & self.k_ray_m[1].val()
                | (((self.tgt.val() & self.col.val()) << self.k_ray_l[7].val())
                    >> self.k_ray_r[7].val())
                    & self.k_ray_m[7].val())
                & self.enemy.val();
        self.bb.next = (self.tgt.val() & !self.col.val()) << self.k_ray_l[4].val()
            >> self.k_ray_r[4].val()
            & self.k_ray_m[4].val()
            & self.empty.val();
        self.bb.next = self.bb.val()
            | ((((self.bb.val() & 0x0000_FF00_0000_0000_u64) << self.k_ray_l[4].val())
                >> self.k_ray_r[4].val())
                & self.k_ray_m[4].val()
                & self.empty.val())
            | ((((self.tgt.val() & !self.col.val()) << self.k_ray_l[3].val())
                >> self.k_ray_r[3].val())
                & self.k_ray_m[3].val()
                | (((self.tgt.val() & !self.col.val()) << self.k_ray_l[5].val())
                    >> self.k_ray_r[5].val())
                    & self.k_ray_m[5].val())
                & self.enemy.val();
        self.b_push.next = self.bw.val() | self.bb.val();
        // --- The cut: what the receivers read, registered.
        self.s_n_reach.clock.next = self.clock.val();
        self.s_n_reach.d.next = self.n_reach.val();
        self.s_ck_n.clock.next = self.clock.val();
        self.s_ck_n.d.next = self.ck_n.val();
        self.s_t_n.clock.next = self.clock.val();
        self.s_t_n.d.next = self.t_n.val();
        self.s_k_reach.clock.next = self.clock.val();
        self.s_k_reach.d.next = self.k_reach.val();
        self.s_t_k.clock.next = self.clock.val();
        self.s_t_k.d.next = self.t_k.val();
        self.s_p_cap.clock.next = self.clock.val();
        self.s_p_cap.d.next = self.p_cap.val();
        self.s_push1.clock.next = self.clock.val();
        self.s_push1.d.next = self.push1.val();
        self.s_push2.clock.next = self.clock.val();
        self.s_push2.d.next = self.push2.val();
        self.s_ck_p.clock.next = self.clock.val();
        self.s_ck_p.d.next = self.ck_p.val();
        self.s_t_pcap.clock.next = self.clock.val();
        self.s_t_pcap.d.next = self.t_pcap.val();
        self.s_t_push.clock.next = self.clock.val();
        self.s_t_push.d.next = self.t_push.val();
        self.s_ep_from.clock.next = self.clock.val();
        self.s_ep_from.d.next = self.ep_from.val();
        self.s_t_beside.clock.next = self.clock.val();
        self.s_t_beside.d.next = self.t_beside.val();
        self.s_castles.clock.next = self.clock.val();
        self.s_castles.d.next = self.castles.val();
        self.s_disc.clock.next = self.clock.val();
        self.s_disc.d.next = self.disc.val();
        for i in 0..8 {
            self.s_ray_o[i].clock.next = self.clock.val();
            self.s_ray_o[i].d.next = self.ray_o[12 + i].val();
            self.s_ray_d[i].clock.next = self.clock.val();
            self.s_ray_d[i].d.next = self.ray_d[12 + i].val();
        }
        self.s_b_push.clock.next = self.clock.val();
        self.s_b_push.d.next = self.b_push.val();
        self.s_on_orth.clock.next = self.clock.val();
        self.s_on_orth.d.next = (self.tgt.val() & self.own.val() & self.orth.val()).any();
        self.s_on_diag.clock.next = self.clock.val();
        self.s_on_diag.d.next = (self.tgt.val() & self.own.val() & self.diag.val()).any();
        self.s_on_n.clock.next = self.clock.val();
        self.s_on_n.d.next = (self.tgt.val() & self.o_n.val()).any();
        self.s_on_k.clock.next = self.clock.val();
        self.s_on_k.d.next = (self.tgt.val() & self.o_k.val()).any();
        self.s_on_p.clock.next = self.clock.val();
        self.s_on_p.d.next = (self.tgt.val() & self.o_p.val()).any();
        self.s_own.clock.next = self.clock.val();
        self.s_own.d.next = self.own.val();
        self.s_enemy.clock.next = self.clock.val();
        self.s_enemy.d.next = self.enemy.val();
        self.s_empty.clock.next = self.clock.val();
        self.s_empty.d.next = self.empty.val();
        self.s_e_k.clock.next = self.clock.val();
        self.s_e_k.d.next = self.e_k.val();
        self.s_last.clock.next = self.clock.val();
        self.s_last.d.next = self.last.val();
        self.s_tgt.clock.next = self.clock.val();
        self.s_tgt.d.next = self.tgt.val();
        self.s_epv.clock.next = self.clock.val();
        self.s_epv.d.next = self.epv.val();
        self.s_orth.clock.next = self.clock.val();
        self.s_orth.d.next = self.orth.val();
        self.s_diag.clock.next = self.clock.val();
        self.s_diag.d.next = self.diag.val();
        self.s_knight.clock.next = self.clock.val();
        self.s_knight.d.next = self.knight.val();
        self.s_pawn.clock.next = self.clock.val();
        self.s_pawn.d.next = self.pawn.val();
        self.s_king.clock.next = self.clock.val();
        self.s_king.d.next = self.king.val();
        for k in 0..5 {
            self.s_reach_o[k].clock.next = self.clock.val();
            self.s_reach_o[k].d.next = self.reach_o[k].val();
            self.s_reach_d[k].clock.next = self.clock.val();
            self.s_reach_d[k].d.next = self.reach_d[k].val();
        }
        self.s_aggressor.clock.next = self.clock.val();
        self.s_aggressor.d.next = self.aggressor.val();
        self.s_discovered.clock.next = self.clock.val();
        self.s_discovered.d.next = self.discovered.val();
        self.s_mask.clock.next = self.clock.val();
        self.s_mask.d.next = self.mask.val();
        self.s_phase.clock.next = self.clock.val();
        self.s_phase.d.next = self.phase.val();

        // --- The receivers: they read the registers above, a cycle later.
        self.any_discoverer.next = self.s_disc.q.val().any();
        // The target's check kinds (the enemy king radiating the union word).
        self.c_o.next = (self.s_tgt.q.val() & self.s_reach_o[3].q.val()).any();
        self.c_d.next = (self.s_tgt.q.val() & self.s_reach_d[3].q.val()).any();
        self.c_n.next = (self.s_tgt.q.val() & self.s_ck_n.q.val()).any();
        self.c_p.next = (self.s_tgt.q.val() & self.s_ck_p.q.val()).any();
        self.c_k.next = (self.s_tgt.q.val() & self.s_castles.q.val()).any();
        self.target_last.next = (self.s_tgt.q.val() & self.s_last.q.val()).any();
        self.target_ep.next = (self.s_tgt.q.val() & self.s_epv.q.val()).any();

        self.ro_p.next = self.s_own.q.val() & self.s_pawn.q.val();
        self.ro_n.next = self.s_own.q.val() & self.s_knight.q.val();
        self.ro_b.next = self.s_own.q.val() & self.s_diag.q.val() & !self.s_orth.q.val();
        self.ro_r.next = self.s_own.q.val() & self.s_orth.q.val() & !self.s_diag.q.val();
        self.ro_q.next = self.s_own.q.val() & self.s_orth.q.val() & self.s_diag.q.val();
        self.ro_k.next = self.s_own.q.val() & self.s_king.q.val();
        // The target as a discoverer (find-discovered): its line (king to slider), the
        // discoverers whose move leaves their line, where the target moves and where it would
        // check from; read from the registered rays and the target's registered kind.
        self.line.next = 0_u64.into();
        if (self.s_tgt.q.val() & (self.s_ray_o[0].q.val() | self.s_ray_o[2].q.val())).any() {
            self.line.next = self.s_ray_o[4].q.val() | self.s_ray_o[6].q.val();
        }
        if (self.s_tgt.q.val() & (self.s_ray_o[1].q.val() | self.s_ray_o[3].q.val())).any() {
            self.line.next = self.s_ray_o[5].q.val() | self.s_ray_o[7].q.val();
        }
        if (self.s_tgt.q.val() & (self.s_ray_d[0].q.val() | self.s_ray_d[2].q.val())).any() {
            self.line.next = self.s_ray_d[4].q.val() | self.s_ray_d[6].q.val();
        }
        if (self.s_tgt.q.val() & (self.s_ray_d[1].q.val() | self.s_ray_d[3].q.val())).any() {
            self.line.next = self.s_ray_d[5].q.val() | self.s_ray_d[7].q.val();
        }
        // A discoverer's move to the target leaves its line exactly when the target's rays
        // along that axis miss it.
        self.disc_off.next = self.s_disc.q.val()
            & (((self.s_ray_o[0].q.val() | self.s_ray_o[2].q.val())
                & !(self.s_ray_o[4].q.val() | self.s_ray_o[6].q.val()))
                | ((self.s_ray_o[1].q.val() | self.s_ray_o[3].q.val())
                    & !(self.s_ray_o[5].q.val() | self.s_ray_o[7].q.val()))
                | ((self.s_ray_d[0].q.val() | self.s_ray_d[2].q.val())
                    & !(self.s_ray_d[4].q.val() | self.s_ray_d[6].q.val()))
                | ((self.s_ray_d[1].q.val() | self.s_ray_d[3].q.val())
                    & !(self.s_ray_d[5].q.val() | self.s_ray_d[7].q.val())));
        // A promoting capture stays a capture.
        if self.target_last.val() {
            self.disc_off.next = self.disc_off.val() & !self.ro_p.val();
        }
        self.b_reach.next = 0_u64.into();
        self.b_check.next = 0_u64.into();
        if self.s_on_orth.q.val() {
            self.b_reach.next = self.b_reach.val() | self.s_reach_o[4].q.val();
            self.b_check.next = self.b_check.val() | self.s_reach_o[3].q.val();
        }
        if self.s_on_diag.q.val() {
            self.b_reach.next = self.b_reach.val() | self.s_reach_d[4].q.val();
            self.b_check.next = self.b_check.val() | self.s_reach_d[3].q.val();
        }
        if self.s_on_n.q.val() {
            self.b_reach.next = self.b_reach.val() | self.s_t_n.q.val();
            self.b_check.next = self.b_check.val() | self.s_ck_n.q.val();
        }
        if self.s_on_k.q.val() {
            self.b_reach.next = self.b_reach.val() | self.s_t_k.q.val();
        }
        if self.s_on_p.q.val() {
            // Promotions stay in their class.
            self.b_reach.next = self.b_reach.val() | (self.s_b_push.q.val() & !self.s_last.q.val());
            self.b_check.next = self.b_check.val() | self.s_ck_p.q.val();
        }

        self.king_capturable.next = ((self.s_reach_o[0].q.val()
            | self.s_reach_d[0].q.val()
            | self.s_n_reach.q.val()
            | self.s_k_reach.q.val()
            | self.s_p_cap.q.val())
            & self.s_e_k.q.val())
        .any();

        // Receivers.
        self.g_p.next = false;
        self.g_n.next = false;
        self.g_b.next = false;
        self.g_r.next = false;
        self.g_q.next = false;
        self.g_k.next = false;
        self.pawn_geo.next = 0_u64.into();
        // The phases' victims (find-victim / find-pivot): the square's bid is the value of
        // what stands on it. Computed in every mode: the look-ahead needs the phase's beside
        // the aggressors, the generator's phase skip all four.
        self.vp[0].next = (self.s_reach_o[0].q.val() & self.s_reach_o[3].q.val())
            | (self.s_reach_d[0].q.val() & self.s_reach_d[3].q.val())
            | (self.s_reach_o[1].q.val() & self.s_reach_d[3].q.val())
            | (self.s_reach_d[1].q.val() & self.s_reach_o[3].q.val())
            | (self.s_n_reach.q.val() & self.s_ck_n.q.val())
            | (((self.s_p_cap.q.val() & self.s_enemy.q.val())
                | self.s_push1.q.val()
                | self.s_push2.q.val())
                & self.s_ck_p.q.val());
        self.vp[1].next = self.s_push1.q.val() & self.s_last.q.val();
        self.vp[2].next = (self.s_reach_o[0].q.val()
            | self.s_reach_d[0].q.val()
            | self.s_n_reach.q.val()
            | self.s_k_reach.q.val()
            | self.s_p_cap.q.val())
            & self.s_enemy.q.val();
        if self.s_ep_from.q.val().any() {
            self.vp[2].next = self.vp[2].val() | self.s_epv.q.val();
        }
        self.vp[3].next = ((self.s_reach_o[0].q.val()
            | self.s_reach_d[0].q.val()
            | self.s_n_reach.q.val()
            | self.s_k_reach.q.val())
            & self.s_empty.q.val())
            | (self.s_push1.q.val() & !self.s_last.q.val())
            | self.s_push2.q.val()
            | self.s_castles.q.val();
        self.vx.next = !self.s_own.q.val() & !self.s_e_k.q.val();
        self.victims_any.next = 0_u64.into();
        for p in 0..4 {
            self.victims_any.next = self
                .victims_any
                .val()
                .replace_bit(p, (self.vp[p].val() & self.vx.val()).any());
        }
        if self.s_phase.q.val() == 0_u64 {
            self.vb.next = self.vp[0].val();
        } else if self.s_phase.q.val() == 1_u64 {
            self.vb.next = self.vp[1].val();
        } else if self.s_phase.q.val() == 2_u64 {
            self.vb.next = self.vp[2].val();
        } else {
            self.vb.next = self.vp[3].val();
        }
        self.vb.next = self.vb.val() & self.vx.val() & !self.s_mask.q.val();
        self.ahead.next = self.vb.val() & !self.s_tgt.q.val();
        self.ahead2.next = self.ahead.val() & (self.s_orth.q.val() | self.s_diag.q.val());
        self.ahead1.next = self.ahead.val()
            & ((self.s_orth.q.val() & self.s_diag.q.val())
                | self.s_knight.q.val()
                | self.s_pawn.q.val());
        self.ahead0.next = self.ahead.val()
            & ((self.s_orth.q.val() & !self.s_diag.q.val())
                | self.s_knight.q.val()
                | self.s_empty.q.val());
        if !self.s_discovered.q.val() & !self.s_aggressor.q.val() {
            self.bid.next = self.vb.val();
        } else if !self.s_discovered.q.val() {
            // Find-aggressor: the target radiates the union word; each own piece's receiver
            // takes the signal its kind moves along, gated by the kinds this phase allows.
            if self.s_phase.q.val() == 0_u64 {
                self.g_p.next = self.c_p.val();
                self.g_n.next = self.c_n.val();
                self.g_b.next = self.c_d.val();
                self.g_r.next = self.c_o.val();
                self.g_q.next = self.c_o.val() | self.c_d.val();
                self.g_k.next = false;
            } else if self.s_phase.q.val() == 1_u64 {
                self.g_p.next = self.target_last.val();
                self.g_n.next = false;
                self.g_b.next = false;
                self.g_r.next = false;
                self.g_q.next = false;
                self.g_k.next = false;
            } else {
                self.g_p.next = !self.c_p.val();
                self.g_n.next = !self.c_n.val();
                self.g_b.next = !self.c_d.val();
                self.g_r.next = !self.c_o.val();
                self.g_q.next = !(self.c_o.val() | self.c_d.val());
                self.g_k.next = true;
            }
            // Pawns: a capture onto an enemy piece, else a push (not to the last rank in the
            // quiet phase: those are the promotion phase's).
            if (self.s_tgt.q.val() & self.s_enemy.q.val()).any() {
                self.pawn_geo.next = self.s_t_pcap.q.val();
            } else if self.s_phase.q.val() == 3_u64 && self.target_last.val() {
                self.pawn_geo.next = 0_u64.into();
            } else {
                self.pawn_geo.next = self.s_t_push.q.val();
            }
            self.bid.next = 0_u64.into();
            if self.g_p.val() {
                self.bid.next = self.bid.val() | (self.ro_p.val() & self.pawn_geo.val());
            }
            if self.g_n.val() {
                self.bid.next = self.bid.val() | (self.ro_n.val() & self.s_t_n.q.val());
            }
            if self.g_b.val() {
                self.bid.next = self.bid.val() | (self.ro_b.val() & self.s_reach_d[4].q.val());
            }
            if self.g_r.val() {
                self.bid.next = self.bid.val() | (self.ro_r.val() & self.s_reach_o[4].q.val());
            }
            if self.g_q.val() {
                self.bid.next = self.bid.val()
                    | (self.ro_q.val() & (self.s_reach_o[4].q.val() | self.s_reach_d[4].q.val()));
            }
            if self.g_k.val() {
                self.bid.next = self.bid.val() | (self.ro_k.val() & self.s_t_k.q.val());
            }
            // Captures and quiet moves leave out the discovered checks (found before them);
            // castling and en passant keep theirs.
            if self.s_phase.q.val().get_bit(1) {
                self.bid.next = self.bid.val() & !self.disc_off.val();
            }
            if self.g_k.val() & self.c_k.val() {
                self.bid.next = self.bid.val() | self.ro_k.val();
            }
            if self.s_phase.q.val() == 2_u64 {
                self.bid.next = self.bid.val() | self.s_t_beside.q.val();
            }
            self.bid.next = self.bid.val() & !self.s_mask.q.val();
            // Nothing moves onto an own piece.
            if (self.s_tgt.q.val() & self.s_own.q.val()).any() {
                self.bid.next = 0_u64.into();
            }
        } else if !self.s_aggressor.q.val() {
            // Find-discoverer: the discoverers bid, least valuable first.
            self.bid.next = self.s_disc.q.val() & !self.s_mask.q.val();
        } else {
            // Find-discovered: the target is a discoverer; where it moves off its line
            // without a direct check (those were found by find-pivot) bids as a victim.
            self.bid.next = self.b_reach.val()
                & !self.line.val()
                & !self.b_check.val()
                & !self.s_own.q.val()
                & !self.s_e_k.q.val()
                & !self.s_mask.q.val();
        }
        if self.s_aggressor.q.val() ^ self.s_discovered.q.val() {
            // Aggressor priorities: pawn 6 .. king 1.
            self.bid2.next = self.bid.val()
                & (self.s_pawn.q.val()
                    | self.s_knight.q.val()
                    | (self.s_diag.q.val() & !self.s_orth.q.val()));
            self.bid1.next = self.bid.val() & (self.s_pawn.q.val() | self.s_orth.q.val());
            self.bid0.next = self.bid.val()
                & (self.s_knight.q.val()
                    | (self.s_orth.q.val() & !self.s_diag.q.val())
                    | self.s_king.q.val());
        } else {
            // Victim priorities: queen 6 .. pawn 2, empty 1.
            self.bid2.next = self.bid.val() & (self.s_orth.q.val() | self.s_diag.q.val());
            self.bid1.next = self.bid.val()
                & ((self.s_orth.q.val() & self.s_diag.q.val())
                    | self.s_knight.q.val()
                    | self.s_pawn.q.val());
            self.bid0.next = self.bid.val()
                & ((self.s_orth.q.val() & !self.s_diag.q.val())
                    | self.s_knight.q.val()
                    | self.s_empty.q.val());
        }
    }
}
