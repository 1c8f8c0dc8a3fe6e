//! The king's walks: what the all-move generator needs beyond the piece cover table to decide
//! legality without making a move (`model::shogi::all_moves`; the papers leave legality out:
//! the shogi paper's section 7 generates "all moves", the tsume paper masks checks and
//! defences). Eight walkers step out from a king, one square a cycle each, until the second
//! piece or the edge:
//!
//! ```text
//!  board data [810] --start--> the king's rank, file and diagonals (4 x 9 squares, latched)
//!  king (rank, file) --> 8 walkers: (rank, file) += step; read the square from the walk's line
//!                           first piece: opponent slider moving back -> slider check
//!                           own first piece, then opponent slider    -> pin (square, line)
//!                      --> between, behind [81], per walk: pin square, line [81]
//! ```
//!
//! A *slider* moves back along the walk: a rook or dragon on an orthogonal walk, a bishop or
//! horse on a diagonal one, an unpromoted lance on the walk its forward step reverses. A slider
//! check adds the squares walked before it to `between` and the square behind the king on that
//! line to `behind`; a pin sets the walk's bit of `pinned`, its `pin_square`, the pinned
//! piece's identity and its `line` (the squares walked, the pinner's included). In discover
//! mode the pinner is the walking side's own slider: walked from the defender's king with the
//! attacker as the side, the "pins" are the attacker's discoverers (mask B of the tsume
//! circuit; `model::shogi::all_moves::discover_walks`). Cycles: the longest walk's squares
//! (`KingRays::cycles` of the model): a walker knows in the cycle it visits a square whether
//! its walk ends there (a piece, the edge). The board data is read only at `start`: the four
//! lines through the king are latched then, so a board bit feeds four trees, not eight walkers.
//! Model: `model::shogi::all_moves::king_rays`.

use model::shogi::all_moves::WALKS;
use model::shogi::piece_data::ID_BASE;
use model::shogi::Kind;
use rust_hdl::prelude::*;

#[derive(LogicBlock)]
pub struct KingRays {
    pub clock: Signal<In, Clock>,
    /// Start the walks from (`king_rank`, `king_file`), for the side `black` (the piece data's
    /// ownership bit).
    pub start: Signal<In, Bit>,
    pub black: Signal<In, Bit>,
    /// Discover mode (held through the walk): the pinner is `black`'s own slider, so a "pin"
    /// is a piece of `black` whose move off the line discovers a check on this king (the
    /// tsume circuit's mask B, walked from the defender's king with `black` the attacker).
    pub discover: Signal<In, Bit>,
    pub king_rank: Signal<In, Bits<4>>,
    pub king_file: Signal<In, Bits<4>>,
    /// The board data: square `s` in bits `10s..10s+9`.
    pub board: Signal<In, Bits<810>>,
    pub busy: Signal<Out, Bit>,
    /// Results, valid once `busy` falls (cleared by `start`): square sets (bit `s` for square
    /// `s`), a bit per walk (`WALKS` order), and per walk `i` its pinned square (bits
    /// `7i..7i+6`) and line (bits `81i..81i+80`).
    pub between: Signal<Out, Bits<81>>,
    pub behind: Signal<Out, Bits<81>>,
    pub slider_checks: Signal<Out, Bits<8>>,
    pub pinned: Signal<Out, Bits<8>>,
    pub pin_squares: Signal<Out, Bits<56>>,
    pub pin_lines: Signal<Out, Bits<648>>,
    /// Per walk `i`, the pinned piece's identity (bits `6i..6i+5`).
    pub pin_ids: Signal<Out, Bits<48>>,
    /// Per walk `i` (bits `81i..81i+80`), the squares walked up to and including its first
    /// piece (to the edge without one). Walked from the defender's king in discover mode, they
    /// are the king's rays the check mask generator makes its sliders' mask A of
    /// (`crate::tsume::CheckMaskGenerator`), so that block fills no rays of its own.
    pub first_rays: Signal<Out, Bits<648>>,
    between_r: DFF<Bits<81>>,
    behind_r: DFF<Bits<81>>,
    checks_r: DFF<Bits<8>>,
    pinned_r: DFF<Bits<8>>,
    pin_square: [DFF<Bits<7>>; 8],
    line: [DFF<Bits<81>>; 8],
    pin_id: [DFF<Bits<6>>; 8],
    // Walker state: position, on its way, past an own piece, squares walked.
    rank: [DFF<Bits<10>>; 8],
    file: [DFF<Bits<10>>; 8],
    active: DFF<Bits<8>>,
    past_own: DFF<Bits<8>>,
    walked: [DFF<Bits<81>>; 8],
    /// `walked` while no piece has been passed: it takes `walked`'s next value (no logic of
    /// its own but the enable).
    first: [DFF<Bits<81>>; 8],
    /// The square last visited (the king's at the start), one-hot: a step is a shift by a
    /// constant, wiring; the walk ends at the edge, so it never wraps.
    pos: [DFF<Bits<81>>; 8],
    // The walk's step: rank and file down (-1), up (+1).
    k_rd: [Constant<Bit>; 8],
    k_ru: [Constant<Bit>; 8],
    k_fd: [Constant<Bit>; 8],
    k_fu: [Constant<Bit>; 8],
    /// The sliders that move back along the walk: rook, bishop, Black's lance, White's lance.
    k_orth: [Constant<Bit>; 8],
    k_diag: [Constant<Bit>; 8],
    k_lance_b: [Constant<Bit>; 8],
    k_lance_w: [Constant<Bit>; 8],
    k_rook: Constant<Bits<3>>,
    k_bishop: Constant<Bits<3>>,
    k_lance: Constant<Bits<3>>,
    /// The squares of rank `r`, of file `f` (the king's square one-hot is their AND).
    k_rank_sq: [Constant<Bits<81>>; 9],
    k_file_sq: [Constant<Bits<81>>; 9],
    k_type: [Constant<Bits<3>>; 8],
    k_base: [Constant<Bits<6>>; 8],
    k_idx: [Constant<Bits<10>>; 9],
    // Per walk: the identity of the piece visited now (type base + index - 1).
    base: [Signal<Local, Bits<6>>; 8],
    ident: [Signal<Local, Bits<6>>; 8],
    // The king's position, widened; per walk: the next square, its piece data, what it is.
    kr: Signal<Local, Bits<10>>,
    kf: Signal<Local, Bits<10>>,
    nr: [Signal<Local, Bits<10>>; 8],
    nf: [Signal<Local, Bits<10>>; 8],
    sq: [Signal<Local, Bits<10>>; 8],
    /// The four lines through the king, latched at `start` (the board is read only then):
    /// its rank by file (0-8), its file by rank (9-17), the diagonal walked by rank and file
    /// stepping alike by rank (18-26), the other diagonal by rank (27-35); a square off the
    /// board reads empty. Each is a 10-bit tree over nine squares of the board data, so a board
    /// bit feeds four trees here instead of the eight walkers' rank trees.
    ray_sq: [DFF<Bits<10>>; 36],
    /// Tree `t`'s nine squares' offsets in the board data, its index and whether it is on the board.
    k_goff: [Constant<Bits<10>>; 324],
    gix: [Signal<Local, Bits<10>>; 36],
    g_ok: [Signal<Local, Bit>; 36],
    g_pair: [Signal<Local, Bits<10>>; 144],
    g_quad: [Signal<Local, Bits<10>>; 72],
    g_oct: [Signal<Local, Bits<10>>; 36],
    g_sq: [Signal<Local, Bits<10>>; 36],
    /// Which line a walk reads: the king's rank (indexed by file), file, diagonal, other diagonal.
    k_on_rank: [Constant<Bit>; 8],
    k_on_file: [Constant<Bit>; 8],
    k_on_diag: [Constant<Bit>; 8],
    k_on_anti: [Constant<Bit>; 8],
    /// Per walk: its line's nine squares and the index of the square it visits now.
    wsq: [Signal<Local, Bits<10>>; 72],
    widx: [Signal<Local, Bits<10>>; 8],
    f_pair: [Signal<Local, Bits<10>>; 32],
    f_quad: [Signal<Local, Bits<10>>; 16],
    f_oct: [Signal<Local, Bits<10>>; 8],
    data: [Signal<Local, Bits<10>>; 8],
    bit: [Signal<Local, Bits<81>>; 8],
    // The one-hot after the walk's rank step; the king's square one-hot (and its rank and file
    // sets); the king's one-hot after a rank step against the walk.
    rstep: [Signal<Local, Bits<81>>; 8],
    king_sq: Signal<Local, Bits<81>>,
    rank_set: Signal<Local, Bits<81>>,
    file_set: Signal<Local, Bits<81>>,
    bstep: [Signal<Local, Bits<81>>; 8],
    slides: [Signal<Local, Bit>; 8],
    at_end: [Signal<Local, Bit>; 8],
    off0: [Signal<Local, Bit>; 8],
    go0: [Signal<Local, Bit>; 8],
    walk_on: [Signal<Local, Bit>; 8],
    // The square behind the king on each walk's line (the king's one-hot shifted against the walk),
    // and whether there is one.
    b_off: [Signal<Local, Bit>; 8],
    go_behind: [Signal<Local, Bit>; 8],
    // Per walk, what it meets (see `update`).
    occ: [Signal<Local, Bit>; 8],
    mine: [Signal<Local, Bit>; 8],
    free: [Signal<Local, Bit>; 8],
    theirs: [Signal<Local, Bit>; 8],
    unseen: [Signal<Local, Bit>; 8],
    pinner: [Signal<Local, Bit>; 8],
    steps: [Signal<Local, Bit>; 8],
    first_own: [Signal<Local, Bit>; 8],
    checks: [Signal<Local, Bit>; 8],
    pins: [Signal<Local, Bit>; 8],
    goes: [Signal<Local, Bit>; 8],
    beh_on: [Signal<Local, Bit>; 8],
    idle_start: Signal<Local, Bit>,
    behind_bit: [Signal<Local, Bits<81>>; 8],
    // Next values of the flag and mask registers, accumulated walker by walker.
    act_n: Signal<Local, Bits<8>>,
    own_n: Signal<Local, Bits<8>>,
    chk_n: Signal<Local, Bits<8>>,
    pin_n: Signal<Local, Bits<8>>,
    betw_n: Signal<Local, Bits<81>>,
    beh_n: Signal<Local, Bits<81>>,
    // The king's position while walking.
    king_r: DFF<Bits<10>>,
    king_f: DFF<Bits<10>>,
    king_oh: DFF<Bits<81>>,
}

impl Default for KingRays {
    fn default() -> Self {
        let k = |f: fn((i8, i8)) -> bool| std::array::from_fn(|i| Constant::new(f(WALKS[i])));
        KingRays {
            clock: Default::default(),
            start: Default::default(),
            black: Default::default(),
            discover: Default::default(),
            king_rank: Default::default(),
            king_file: Default::default(),
            board: Default::default(),
            busy: Default::default(),
            between: Default::default(),
            behind: Default::default(),
            slider_checks: Default::default(),
            pinned: Default::default(),
            pin_squares: Default::default(),
            pin_lines: Default::default(),
            pin_ids: Default::default(),
            first_rays: Default::default(),
            between_r: Default::default(),
            behind_r: Default::default(),
            checks_r: Default::default(),
            pinned_r: Default::default(),
            pin_square: Default::default(),
            line: Default::default(),
            pin_id: Default::default(),
            rank: Default::default(),
            file: Default::default(),
            active: Default::default(),
            past_own: Default::default(),
            walked: Default::default(),
            first: Default::default(),
            pos: Default::default(),
            k_rd: k(|d| d.0 < 0),
            k_ru: k(|d| d.0 > 0),
            k_fd: k(|d| d.1 < 0),
            k_fu: k(|d| d.1 > 0),
            k_orth: k(|d| d.0 == 0 || d.1 == 0),
            k_diag: k(|d| d.0 != 0 && d.1 != 0),
            // A Black lance moves to lower ranks: it slides back along a walk to higher ones.
            k_lance_b: k(|d| d == (1, 0)),
            k_lance_w: k(|d| d == (-1, 0)),
            k_rook: Constant::new((Kind::Rook.code() as u64).into()),
            k_bishop: Constant::new((Kind::Bishop.code() as u64).into()),
            k_lance: Constant::new((Kind::Lance.code() as u64).into()),
            k_rank_sq: std::array::from_fn(|r| super::mask(81, |s| s / 9 == r)),
            k_file_sq: std::array::from_fn(|f| super::mask(81, |s| s % 9 == f)),
            k_type: std::array::from_fn(|t| Constant::new((t as u64).into())),
            k_base: std::array::from_fn(|t| Constant::new((ID_BASE[t] as u64).into())),
            k_idx: std::array::from_fn(|i| Constant::new((i as u64).into())),
            base: Default::default(),
            ident: Default::default(),
            kr: Default::default(),
            kf: Default::default(),
            nr: Default::default(),
            nf: Default::default(),
            sq: Default::default(),
            ray_sq: std::array::from_fn(|_| Default::default()),
            k_goff: std::array::from_fn(|i| {
                // Trees 0-8 pick file t's square by rank, the others rank (t % 9)'s by file.
                let (t, j) = (i / 9, i % 9);
                let sq = if t < 9 { 9 * j + t } else { 9 * (t % 9) + j };
                Constant::new((10 * sq as u64).into())
            }),
            gix: std::array::from_fn(|_| Default::default()),
            g_ok: std::array::from_fn(|_| Default::default()),
            g_pair: std::array::from_fn(|_| Default::default()),
            g_quad: std::array::from_fn(|_| Default::default()),
            g_oct: std::array::from_fn(|_| Default::default()),
            g_sq: std::array::from_fn(|_| Default::default()),
            k_on_rank: k(|d| d.0 == 0),
            k_on_file: k(|d| d.1 == 0),
            k_on_diag: k(|d| d.0 != 0 && d.0 == d.1),
            k_on_anti: k(|d| d.0 != 0 && d.0 == -d.1),
            wsq: std::array::from_fn(|_| Default::default()),
            widx: Default::default(),
            f_pair: std::array::from_fn(|_| Default::default()),
            f_quad: Default::default(),
            f_oct: Default::default(),
            data: Default::default(),
            bit: Default::default(),
            rstep: Default::default(),
            king_sq: Default::default(),
            rank_set: Default::default(),
            file_set: Default::default(),
            bstep: Default::default(),
            slides: Default::default(),
            at_end: Default::default(),
            off0: Default::default(),
            go0: Default::default(),
            walk_on: Default::default(),
            b_off: Default::default(),
            go_behind: Default::default(),
            occ: Default::default(),
            mine: Default::default(),
            free: Default::default(),
            theirs: Default::default(),
            unseen: Default::default(),
            pinner: Default::default(),
            steps: Default::default(),
            first_own: Default::default(),
            checks: Default::default(),
            pins: Default::default(),
            goes: Default::default(),
            beh_on: Default::default(),
            idle_start: Default::default(),
            behind_bit: Default::default(),
            act_n: Default::default(),
            own_n: Default::default(),
            chk_n: Default::default(),
            pin_n: Default::default(),
            betw_n: Default::default(),
            beh_n: Default::default(),
            king_r: Default::default(),
            king_f: Default::default(),
            king_oh: Default::default(),
        }
    }
}

impl Logic for KingRays {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self, clock, between_r, behind_r, checks_r, pinned_r, active, past_own, king_r, king_f,
            king_oh
        );
        self.kr.next = bit_cast::<10, 4>(self.king_rank.val());
        self.kf.next = bit_cast::<10, 4>(self.king_file.val());
        self.rank_set.next = 0_u64.into();
        self.file_set.next = 0_u64.into();
        for i in 0..9 {
            if self.kr.val() == self.k_idx[i].val() {
                self.rank_set.next = self.k_rank_sq[i].val();
            }
            if self.kf.val() == self.k_idx[i].val() {
                self.file_set.next = self.k_file_sq[i].val();
            }
        }
        self.king_sq.next = self.rank_set.val() & self.file_set.val();
        // The lines through the king (see `ray_sq`): tree t's index is the king's rank (the
        // king's rank's squares, trees 0-8), its file (9-17), the file on the diagonal at rank
        // t % 9 (18-26), on the other diagonal (27-35); off the board (negative: wrapped
        // large) the square reads empty.
        for r in 0..9 {
            self.gix[r].next = self.kr.val();
            self.gix[9 + r].next = self.kf.val();
            self.gix[18 + r].next = self.kf.val() + self.k_idx[r].val() - self.kr.val();
            self.gix[27 + r].next = self.kf.val() + self.kr.val() - self.k_idx[r].val();
        }
        for t in 0..36 {
            self.g_ok[t].next = (self.gix[t].val().get_bits::<6>(4) == 0_u64)
                & !(self.gix[t].val().get_bit(3) & (self.gix[t].val().get_bits::<3>(0) != 0_u64));
            for k in 0..4 {
                self.g_pair[4 * t + k].next = self
                    .board
                    .val()
                    .get_bits::<10>(self.k_goff[9 * t + 2 * k].val().index());
                if self.gix[t].val().get_bit(0) {
                    self.g_pair[4 * t + k].next = self
                        .board
                        .val()
                        .get_bits::<10>(self.k_goff[9 * t + 2 * k + 1].val().index());
                }
            }
            for k in 0..2 {
                self.g_quad[2 * t + k].next = self.g_pair[4 * t + 2 * k].val();
                if self.gix[t].val().get_bit(1) {
                    self.g_quad[2 * t + k].next = self.g_pair[4 * t + 2 * k + 1].val();
                }
            }
            self.g_oct[t].next = self.g_quad[2 * t].val();
            if self.gix[t].val().get_bit(2) {
                self.g_oct[t].next = self.g_quad[2 * t + 1].val();
            }
            self.g_sq[t].next = self.g_oct[t].val();
            if self.gix[t].val().get_bit(3) {
                self.g_sq[t].next = self
                    .board
                    .val()
                    .get_bits::<10>(self.k_goff[9 * t + 8].val().index());
            }
            self.ray_sq[t].clock.next = self.clock.val();
            self.ray_sq[t].d.next = self.ray_sq[t].q.val();
            if self.start.val() {
                self.ray_sq[t].d.next = 0_u64.into();
                if self.g_ok[t].val() {
                    self.ray_sq[t].d.next = self.g_sq[t].val();
                }
            }
        }
        for d in 0..8 {
            self.rank[d].clock.next = self.clock.val();
            self.file[d].clock.next = self.clock.val();
            self.walked[d].clock.next = self.clock.val();
            self.first[d].clock.next = self.clock.val();
            self.pos[d].clock.next = self.clock.val();
            self.pos[d].d.next = self.pos[d].q.val();
            self.pin_square[d].clock.next = self.clock.val();
            self.line[d].clock.next = self.clock.val();
            self.pin_id[d].clock.next = self.clock.val();
            self.pin_id[d].d.next = self.pin_id[d].q.val();
            self.rank[d].d.next = self.rank[d].q.val();
            self.file[d].d.next = self.file[d].q.val();
            self.walked[d].d.next = self.walked[d].q.val();
            self.first[d].d.next = self.first[d].q.val();
            self.pin_square[d].d.next = self.pin_square[d].q.val();
            self.line[d].d.next = self.line[d].q.val();
            // The square this walker visits now and its piece data.
            self.nr[d].next = self.rank[d].q.val();
            if self.k_rd[d].val() {
                self.nr[d].next = self.rank[d].q.val() - 1_u64;
            }
            if self.k_ru[d].val() {
                self.nr[d].next = self.rank[d].q.val() + 1_u64;
            }
            self.nf[d].next = self.file[d].q.val();
            if self.k_fd[d].val() {
                self.nf[d].next = self.file[d].q.val() - 1_u64;
            }
            if self.k_fu[d].val() {
                self.nf[d].next = self.file[d].q.val() + 1_u64;
            }
            self.sq[d].next = (self.nr[d].val() << 3_u64) + self.nr[d].val() + self.nf[d].val();
            // The square this walker visits: its line's square at its index, a balanced tree
            // of 2:1 multiplexers on the index bits (the walker is not active off the board).
            for i in 0..9 {
                self.wsq[9 * d + i].next = self.ray_sq[i].q.val();
                if self.k_on_file[d].val() {
                    self.wsq[9 * d + i].next = self.ray_sq[9 + i].q.val();
                }
                if self.k_on_diag[d].val() {
                    self.wsq[9 * d + i].next = self.ray_sq[18 + i].q.val();
                }
                if self.k_on_anti[d].val() {
                    self.wsq[9 * d + i].next = self.ray_sq[27 + i].q.val();
                }
            }
            self.widx[d].next = self.nr[d].val();
            if self.k_on_rank[d].val() {
                self.widx[d].next = self.nf[d].val();
            }
            for k in 0..4 {
                self.f_pair[4 * d + k].next = self.wsq[9 * d + 2 * k].val();
                if self.widx[d].val().get_bit(0) {
                    self.f_pair[4 * d + k].next = self.wsq[9 * d + 2 * k + 1].val();
                }
            }
            for k in 0..2 {
                self.f_quad[2 * d + k].next = self.f_pair[4 * d + 2 * k].val();
                if self.widx[d].val().get_bit(1) {
                    self.f_quad[2 * d + k].next = self.f_pair[4 * d + 2 * k + 1].val();
                }
            }
            self.f_oct[d].next = self.f_quad[2 * d].val();
            if self.widx[d].val().get_bit(2) {
                self.f_oct[d].next = self.f_quad[2 * d + 1].val();
            }
            self.data[d].next = self.f_oct[d].val();
            if self.widx[d].val().get_bit(3) {
                self.data[d].next = self.wsq[9 * d + 8].val();
            }
            self.rstep[d].next = self.pos[d].q.val();
            if self.k_rd[d].val() {
                self.rstep[d].next = self.pos[d].q.val() >> 9_u64;
            }
            if self.k_ru[d].val() {
                self.rstep[d].next = self.pos[d].q.val() << 9_u64;
            }
            self.bit[d].next = self.rstep[d].val();
            if self.k_fd[d].val() {
                self.bit[d].next = self.rstep[d].val() >> 1_u64;
            }
            if self.k_fu[d].val() {
                self.bit[d].next = self.rstep[d].val() << 1_u64;
            }
            self.base[d].next = 0_u64.into();
            for t in 0..8 {
                if self.data[d].val().get_bits::<3>(7) == self.k_type[t].val() {
                    self.base[d].next = self.k_base[t].val();
                }
            }
            self.ident[d].next =
                self.base[d].val() + (self.data[d].val().get_bits::<6>(0) & 31_u64) - 1_u64;
            self.slides[d].next = ((self.data[d].val().get_bits::<3>(7) == self.k_rook.val())
                & self.k_orth[d].val())
                | ((self.data[d].val().get_bits::<3>(7) == self.k_bishop.val())
                    & self.k_diag[d].val())
                | ((self.data[d].val().get_bits::<3>(7) == self.k_lance.val())
                    & !self.data[d].val().get_bit(6)
                    & ((self.data[d].val().get_bit(5) & self.k_lance_b[d].val())
                        | (!self.data[d].val().get_bit(5) & self.k_lance_w[d].val())));
            // Whether the square visited now is the last of the walk's line.
            self.at_end[d].next = (self.k_rd[d].val() & (self.nr[d].val() == 0_u64))
                | (self.k_ru[d].val() & (self.nr[d].val() == 8_u64))
                | (self.k_fd[d].val() & (self.nf[d].val() == 0_u64))
                | (self.k_fu[d].val() & (self.nf[d].val() == 8_u64));
            // Whether the king's square is already the last (the walk never starts).
            self.off0[d].next = (self.k_rd[d].val() & (self.kr.val() == 0_u64))
                | (self.k_ru[d].val() & (self.kr.val() == 8_u64))
                | (self.k_fd[d].val() & (self.kf.val() == 0_u64))
                | (self.k_fu[d].val() & (self.kf.val() == 8_u64));
            // (Negations of one bit as locals: inside a wider expression Verilog would widen
            // the bit before negating it.)
            self.go0[d].next = !self.off0[d].val();
            self.walk_on[d].next = !self.at_end[d].val();
            self.bstep[d].next = self.king_oh.q.val();
            if self.k_rd[d].val() {
                self.bstep[d].next = self.king_oh.q.val() << 9_u64;
            }
            if self.k_ru[d].val() {
                self.bstep[d].next = self.king_oh.q.val() >> 9_u64;
            }
            self.behind_bit[d].next = self.bstep[d].val();
            if self.k_fd[d].val() {
                self.behind_bit[d].next = self.bstep[d].val() << 1_u64;
            }
            if self.k_fu[d].val() {
                self.behind_bit[d].next = self.bstep[d].val() >> 1_u64;
            }
            self.b_off[d].next = (self.k_rd[d].val() & (self.king_r.q.val() == 8_u64))
                | (self.k_ru[d].val() & (self.king_r.q.val() == 0_u64))
                | (self.k_fd[d].val() & (self.king_f.q.val() == 8_u64))
                | (self.k_fu[d].val() & (self.king_f.q.val() == 0_u64));
            self.go_behind[d].next = !self.b_off[d].val();
        }
        self.idle_start.next = !self.start.val();
        // What each walker meets this cycle, as flat one-bit conditions: nested branches would
        // put a multiplexer on every register they assign, at every level (81-bit ones here).
        for d in 0..8 {
            self.occ[d].next = self.data[d].val().get_bits::<5>(0) != 0_u64;
            self.mine[d].next = self.data[d].val().get_bit(5) == self.black.val();
            self.free[d].next = !self.occ[d].val();
            self.theirs[d].next = !self.mine[d].val();
            self.unseen[d].next = !self.past_own.q.val().get_bit(d);
            self.pinner[d].next = self.theirs[d].val();
            if self.discover.val() {
                self.pinner[d].next = self.mine[d].val();
            }
            self.steps[d].next = self.active.q.val().get_bit(d) & self.idle_start.val();
            // An own first piece: walk on to see whether it is pinned.
            self.first_own[d].next =
                self.steps[d].val() & self.occ[d].val() & self.unseen[d].val() & self.mine[d].val();
            self.checks[d].next = self.steps[d].val()
                & self.occ[d].val()
                & self.unseen[d].val()
                & self.theirs[d].val()
                & self.slides[d].val();
            self.pins[d].next = self.steps[d].val()
                & self.occ[d].val()
                & self.past_own.q.val().get_bit(d)
                & self.pinner[d].val()
                & self.slides[d].val();
            self.goes[d].next = self.steps[d].val()
                & self.walk_on[d].val()
                & (self.free[d].val() | self.first_own[d].val());
            self.beh_on[d].next = self.checks[d].val() & self.go_behind[d].val();
        }
        self.act_n.next = 0_u64.into();
        self.own_n.next = 0_u64.into();
        self.chk_n.next = 0_u64.into();
        self.pin_n.next = 0_u64.into();
        self.betw_n.next = self.between_r.q.val();
        self.beh_n.next = self.behind_r.q.val();
        for d in 0..8 {
            self.act_n.next = self.act_n.val().replace_bit(d, self.goes[d].val());
            self.own_n.next = self.own_n.val().replace_bit(
                d,
                self.past_own.q.val().get_bit(d) | self.first_own[d].val(),
            );
            self.chk_n.next = self
                .chk_n
                .val()
                .replace_bit(d, self.checks_r.q.val().get_bit(d) | self.checks[d].val());
            self.pin_n.next = self
                .pin_n
                .val()
                .replace_bit(d, self.pinned_r.q.val().get_bit(d) | self.pins[d].val());
            if self.checks[d].val() {
                self.betw_n.next = self.betw_n.val() | self.walked[d].q.val();
            }
            if self.beh_on[d].val() {
                self.beh_n.next = self.beh_n.val() | self.behind_bit[d].val();
            }
            if self.steps[d].val() {
                self.rank[d].d.next = self.nr[d].val();
                self.file[d].d.next = self.nf[d].val();
                self.pos[d].d.next = self.bit[d].val();
                self.walked[d].d.next = self.walked[d].q.val() | self.bit[d].val();
            }
            if self.steps[d].val() & self.unseen[d].val() {
                self.first[d].d.next = self.walked[d].q.val() | self.bit[d].val();
            }
            if self.first_own[d].val() {
                self.pin_square[d].d.next = self.sq[d].val().get_bits::<7>(0);
                self.pin_id[d].d.next = self.ident[d].val();
            }
            if self.pins[d].val() {
                self.line[d].d.next = self.walked[d].q.val() | self.bit[d].val();
            }
        }
        if self.start.val() {
            self.own_n.next = 0_u64.into();
            self.chk_n.next = 0_u64.into();
            self.pin_n.next = 0_u64.into();
            self.betw_n.next = 0_u64.into();
            self.beh_n.next = 0_u64.into();
            self.king_r.d.next = self.kr.val();
            self.king_f.d.next = self.kf.val();
            self.king_oh.d.next = self.king_sq.val();
            for d in 0..8 {
                self.pos[d].d.next = self.king_sq.val();
                self.rank[d].d.next = self.kr.val();
                self.file[d].d.next = self.kf.val();
                self.walked[d].d.next = 0_u64.into();
                self.first[d].d.next = 0_u64.into();
                self.pin_square[d].d.next = 0_u64.into();
                self.pin_id[d].d.next = 0_u64.into();
                self.line[d].d.next = 0_u64.into();
                self.act_n.next = self.act_n.val().replace_bit(d, self.go0[d].val());
            }
        }
        self.active.d.next = self.act_n.val();
        self.past_own.d.next = self.own_n.val();
        self.checks_r.d.next = self.chk_n.val();
        self.pinned_r.d.next = self.pin_n.val();
        self.between_r.d.next = self.betw_n.val();
        self.behind_r.d.next = self.beh_n.val();
        self.between.next = self.between_r.q.val();
        self.behind.next = self.behind_r.q.val();
        self.slider_checks.next = self.checks_r.q.val();
        self.pinned.next = self.pinned_r.q.val();
        self.pin_squares.next = bit_cast::<56, 7>(self.pin_square[0].q.val())
            | (bit_cast::<56, 7>(self.pin_square[1].q.val()) << 7_u64)
            | (bit_cast::<56, 7>(self.pin_square[2].q.val()) << 14_u64)
            | (bit_cast::<56, 7>(self.pin_square[3].q.val()) << 21_u64)
            | (bit_cast::<56, 7>(self.pin_square[4].q.val()) << 28_u64)
            | (bit_cast::<56, 7>(self.pin_square[5].q.val()) << 35_u64)
            | (bit_cast::<56, 7>(self.pin_square[6].q.val()) << 42_u64)
            | (bit_cast::<56, 7>(self.pin_square[7].q.val()) << 49_u64);
        self.pin_lines.next = bit_cast::<648, 81>(self.line[0].q.val())
            | (bit_cast::<648, 81>(self.line[1].q.val()) << 81_u64)
            | (bit_cast::<648, 81>(self.line[2].q.val()) << 162_u64)
            | (bit_cast::<648, 81>(self.line[3].q.val()) << 243_u64)
            | (bit_cast::<648, 81>(self.line[4].q.val()) << 324_u64)
            | (bit_cast::<648, 81>(self.line[5].q.val()) << 405_u64)
            | (bit_cast::<648, 81>(self.line[6].q.val()) << 486_u64)
            | (bit_cast::<648, 81>(self.line[7].q.val()) << 567_u64);
        self.first_rays.next = bit_cast::<648, 81>(self.first[0].q.val())
            | (bit_cast::<648, 81>(self.first[1].q.val()) << 81_u64)
            | (bit_cast::<648, 81>(self.first[2].q.val()) << 162_u64)
            | (bit_cast::<648, 81>(self.first[3].q.val()) << 243_u64)
            | (bit_cast::<648, 81>(self.first[4].q.val()) << 324_u64)
            | (bit_cast::<648, 81>(self.first[5].q.val()) << 405_u64)
            | (bit_cast::<648, 81>(self.first[6].q.val()) << 486_u64)
            | (bit_cast::<648, 81>(self.first[7].q.val()) << 567_u64);
        self.pin_ids.next = bit_cast::<48, 6>(self.pin_id[0].q.val())
            | (bit_cast::<48, 6>(self.pin_id[1].q.val()) << 6_u64)
            | (bit_cast::<48, 6>(self.pin_id[2].q.val()) << 12_u64)
            | (bit_cast::<48, 6>(self.pin_id[3].q.val()) << 18_u64)
            | (bit_cast::<48, 6>(self.pin_id[4].q.val()) << 24_u64)
            | (bit_cast::<48, 6>(self.pin_id[5].q.val()) << 30_u64)
            | (bit_cast::<48, 6>(self.pin_id[6].q.val()) << 36_u64)
            | (bit_cast::<48, 6>(self.pin_id[7].q.val()) << 42_u64);
        self.busy.next = self.active.q.val().any();
    }
}
