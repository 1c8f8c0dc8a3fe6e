//! The all-move generator, sequenced: the piece cover circuit, the piece info table, the
//! king's walks and the candidate pass run one after the other on the board data the unit
//! holds, and the candidate masks stream out a rank a cycle (`cand_we`, `cand_rank`,
//! `cand_data`) as the candidate pass makes them: the owner writes them where it reads them
//! from (the perft walker: straight into its candidate stack; a store of its own here, then
//! a copy, put a second 783-bit bus across the ECP5 that router2 could not route). The pawn
//! drop in front of the opponent king (the probe) is decided on chip: the unit writes the pawn
//! into the board data, runs the four blocks again for the opponent without drops (no move
//! means the drop mates: uchifuzume), writes the square back and computes the table again.
//!
//! ```text
//!  start_moves -> [1] cover table (9) | piece info (9, on the top-down scan's ranks)
//!                  [W] the walks: [D] with `discover`, the opponent king's walks in discover
//!                      mode (<= 8), then [2] the own king's (<= 8; none without an own king):
//!                      after [1], or beside it from its first cycle with `kings_known`
//!              -> [3] candidate pass (9, a rank streamed a cycle), once [1] and [W] are over
//!                      -> idle
//!                  `-- a probe: [4] write the pawn -> [5] start -> [1] .. [3] for the
//!                      opponent, drops off -> [6] write the square back -> [7, 8] table again
//!                      (not with `kings_known`: the table left is the probe board's)
//!  start_cover -> the cover table only (9)
//! ```
//!
//! The walks need the kings' squares, which the piece info table finds only as its pass
//! reads their ranks. An owner that knows them (the perft walker below its root, from its
//! square table) names them with the start (`kings_known`, `kings_in`, by identity: the
//! unit keeps from its last pass which king identity is whose and whether each side has
//! one; kings are never captured, so they hold through a walk), and the walks run beside
//! the scan: a moves job is the longer of the two, not their sum (a tsume attacker has no
//! king: its discover walk, at most 9 cycles, hides behind the scan's 10).
//!
//! Cycles of a job: `model::shogi::all_moves::moves_job_cycles` (`walk_job_cycles` with
//! `kings_known`). The board data is written a
//! rank at a time while the unit is idle; `black` and `hands` (the position's side to move and
//! hands) are the owner's and must hold during a job. Model: `model::shogi::all_moves`
//! (`generate`, `candidates`, `pawn_drop_mates`).

use super::{AllMoveGenerator, BoardCopy, KingRays, PieceCoverCircuit, PieceInfoTable};
use model::shogi::piece_data::ID_BASE;
use model::shogi::Kind;
use rust_hdl::prelude::*;

/// The unit's phases (the diagram's numbers).
#[derive(Copy, Clone, PartialEq, Debug, LogicState)]
pub enum Phase {
    Idle,
    /// The scan [1] and the walks [W] (`Walks`), the candidate pass started when both end.
    Scan,
    Generate,
    ProbeWrite,
    ProbeStart,
    Restore,
    Rescan,
    RescanWait,
}

/// The walks of a moves job's pass, beside or after the scan.
#[derive(Copy, Clone, PartialEq, Debug, LogicState)]
pub enum Walks {
    Start,
    Discover,
    Own,
    Done,
}

#[derive(LogicBlock)]
pub struct AllMovesUnit {
    pub clock: Signal<In, Clock>,
    pub wr_en: Signal<In, Bit>,
    pub wr_rank: Signal<In, Bits<4>>,
    pub wr_data: Signal<In, Bits<90>>,
    /// The side to move is Black; the hands (Black's identities in bits 0-39, White's 40-79).
    pub black: Signal<In, Bit>,
    pub hands: Signal<In, Bits<80>>,
    pub start_cover: Signal<In, Bit>,
    pub start_moves: Signal<In, Bit>,
    /// With `start_moves`: the job's first pass walks from the opponent king in discover mode
    /// first (a mate walk's attacker: the tsume circuit's mask B, `disc_on` and `disc_ids`).
    pub discover: Signal<In, Bit>,
    /// With `start_moves`: the kings stand at `kings_in` (identity 0's rank in bits 0-3 and
    /// file in 4-7, identity 1's in 8-15), and the same kings are on the board as at the
    /// unit's last job: the walks start with the scan.
    pub kings_known: Signal<In, Bit>,
    pub kings_in: Signal<In, Bits<16>>,
    pub busy: Signal<Out, Bit>,
    /// Reading: the table's rank `rd_rank` (the cover RAMs), the cycle after `rd_rank`.
    pub rd_rank: Signal<In, Bits<4>>,
    pub rd_covers: Signal<Out, Bits<360>>,
    /// The candidates of rank `cand_rank` (`moves` bits, then `drops`, as `AllMoveGenerator`
    /// shows them) in the cycles `cand_we` is set: each rank once a moves job, for the side
    /// to move (not the probe's pass).
    pub cand_we: Signal<Out, Bit>,
    pub cand_rank: Signal<Out, Bits<4>>,
    pub cand_data: Signal<Out, Bits<783>>,
    /// The legal moves' number (the candidates less a mating probe), the probe and whether
    /// its pawn drop mates.
    pub count: Signal<Out, Bits<10>>,
    pub probe: Signal<Out, Bit>,
    pub probe_square: Signal<Out, Bits<7>>,
    pub probe_mates: Signal<Out, Bit>,
    /// The board data (the position while the unit is idle), for an owner that makes moves.
    pub board: Signal<Out, Bits<810>>,
    /// Where each identity on the board stands after a job (`PieceInfoTable::squares`; after a
    /// probe, the probe board's: its one extra identity, the probed pawn, is in hand).
    pub squares: Signal<Out, Bits<320>>,
    /// The piece info table's kings (Black's rank and file in bits 0-7, White's in 8-15) and
    /// promoted identities, from the job's first pass on (the tsume masks read them while the
    /// candidates stream).
    pub kings: Signal<Out, Bits<16>>,
    pub promoted: Signal<Out, Bits<40>>,
    /// After a job's discover walk (cleared by `start_moves`): per king direction
    /// (`model::shogi::all_moves::WALKS` order), an attacker's discoverer stands there, and
    /// its identity (bits `6d..6d+5`); valid from the candidate pass on.
    pub disc_on: Signal<Out, Bits<8>>,
    pub disc_ids: Signal<Out, Bits<48>>,
    /// The walks' rays, per direction the squares up to and including the first piece
    /// (`KingRays::first_rays`): in the cycle `disc_end` is high, the defender king's, which
    /// the check mask generator makes mask A of (its owner registers the masks then).
    pub disc_rays: Signal<Out, Bits<648>>,
    /// The discover walk ends this cycle (the candidate pass starts).
    pub disc_end: Signal<Out, Bit>,
    cover_circuit: PieceCoverCircuit,
    // Copies of the board data for the other readers (`BoardCopy`: fewer long nets).
    kept_board_rays: BoardCopy,
    kept_board_gen: BoardCopy,
    kept_board_owner: BoardCopy,
    info: PieceInfoTable,
    rays: KingRays,
    gen: AllMoveGenerator,
    phase: DFF<Phase>,
    pass: DFF<Bit>,
    side: DFF<Bit>,
    count_r: DFF<Bits<10>>,
    probe_r: DFF<Bit>,
    probe_sq: DFF<Bits<7>>,
    probe_at: DFF<Bits<8>>,
    mates_r: DFF<Bit>,
    disc_req: DFF<Bit>,
    disc_on_r: DFF<Bits<8>>,
    disc_ids_r: DFF<Bits<48>>,
    walks: DFF<Walks>,
    /// The scan ended in an earlier cycle of this pass (the table's king rank was read).
    scanned: DFF<Bit>,
    /// The job's kings are the owner's (`kings_known`): `kings_r`, by colour as the piece
    /// info table gives them, an absent king's square 0.
    early: DFF<Bit>,
    kings_r: DFF<Bits<16>>,
    /// From the last pass's piece info table: which sides have a king, and whether Black's
    /// (White's) king is identity 0.
    has_r: DFF<Bits<2>>,
    b_id0: DFF<Bit>,
    w_id0: DFF<Bit>,
    k_pawn_ids: [Constant<Bits<6>>; 18],
    k_pawn_index: [Constant<Bits<10>>; 18],
    k_pawn_data: Constant<Bits<10>>,
    k_file: [Constant<Bits<4>>; 9],
    k_fmask: [Constant<Bits<90>>; 9],
    hand: Signal<Local, Bits<40>>,
    /// The kings and their presence this pass: the owner's or the piece info table's.
    kings_v: Signal<Local, Bits<16>>,
    has_v: Signal<Local, Bits<2>>,
    own_kr: Signal<Local, Bits<4>>,
    own_kf: Signal<Local, Bits<4>>,
    opp_kr: Signal<Local, Bits<4>>,
    opp_kf: Signal<Local, Bits<4>>,
    /// The owner's kings by colour (`kings_in` by identity, then absent kings cleared).
    k_black: Signal<Local, Bits<8>>,
    k_white: Signal<Local, Bits<8>>,
    scan_done: Signal<Local, Bit>,
    walks_over: Signal<Local, Bit>,
    own_king: Signal<Local, Bit>,
    opp_king: Signal<Local, Bit>,
    pawn_index: Signal<Local, Bits<10>>,
    found: Signal<Local, Bit>,
    field: Signal<Local, Bits<90>>,
    cleared: Signal<Local, Bits<90>>,
    pdata: Signal<Local, Bits<10>>,
    prep: Signal<Local, Bits<90>>,
    // The board data's write bus (the cover circuit's and the copies').
    bw_en: Signal<Local, Bit>,
    bw_rank: Signal<Local, Bits<4>>,
    bw_data: Signal<Local, Bits<90>>,
}

impl Default for AllMovesUnit {
    fn default() -> Self {
        let pawn = ID_BASE[Kind::Pawn as usize] as u64;
        AllMovesUnit {
            clock: Default::default(),
            wr_en: Default::default(),
            wr_rank: Default::default(),
            wr_data: Default::default(),
            black: Default::default(),
            hands: Default::default(),
            start_cover: Default::default(),
            start_moves: Default::default(),
            discover: Default::default(),
            kings_known: Default::default(),
            kings_in: Default::default(),
            busy: Default::default(),
            rd_rank: Default::default(),
            rd_covers: Default::default(),
            cand_we: Default::default(),
            cand_rank: Default::default(),
            cand_data: Default::default(),
            count: Default::default(),
            probe: Default::default(),
            probe_square: Default::default(),
            probe_mates: Default::default(),
            board: Default::default(),
            squares: Default::default(),
            kings: Default::default(),
            promoted: Default::default(),
            disc_on: Default::default(),
            disc_ids: Default::default(),
            disc_rays: Default::default(),
            disc_end: Default::default(),
            cover_circuit: PieceCoverCircuit::fast(),
            kept_board_rays: Default::default(),
            kept_board_gen: Default::default(),
            kept_board_owner: Default::default(),
            info: Default::default(),
            rays: Default::default(),
            gen: Default::default(),
            phase: Default::default(),
            pass: Default::default(),
            side: Default::default(),
            count_r: Default::default(),
            probe_r: Default::default(),
            probe_sq: Default::default(),
            probe_at: Default::default(),
            mates_r: Default::default(),
            disc_req: Default::default(),
            disc_on_r: Default::default(),
            disc_ids_r: Default::default(),
            walks: Default::default(),
            scanned: Default::default(),
            early: Default::default(),
            kings_r: Default::default(),
            has_r: Default::default(),
            b_id0: Default::default(),
            w_id0: Default::default(),
            k_pawn_ids: std::array::from_fn(|k| Constant::new((pawn + k as u64).into())),
            k_pawn_index: std::array::from_fn(|k| Constant::new((k as u64 + 1).into())),
            // An unpromoted pawn's type bits (9-7); ownership and index are added.
            k_pawn_data: Constant::new(((Kind::Pawn.code() as u64) << 7).into()),
            k_file: std::array::from_fn(|f| Constant::new((f as u64).into())),
            k_fmask: std::array::from_fn(|f| super::mask(90, |b| b / 10 == f)),
            hand: Default::default(),
            kings_v: Default::default(),
            has_v: Default::default(),
            own_kr: Default::default(),
            own_kf: Default::default(),
            opp_kr: Default::default(),
            opp_kf: Default::default(),
            k_black: Default::default(),
            k_white: Default::default(),
            scan_done: Default::default(),
            walks_over: Default::default(),
            own_king: Default::default(),
            opp_king: Default::default(),
            pawn_index: Default::default(),
            found: Default::default(),
            field: Default::default(),
            cleared: Default::default(),
            pdata: Default::default(),
            prep: Default::default(),
            bw_en: Default::default(),
            bw_rank: Default::default(),
            bw_data: Default::default(),
        }
    }
}

impl Logic for AllMovesUnit {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self, clock, phase, pass, side, count_r, probe_r, probe_sq, probe_at, mates_r,
            disc_req, disc_on_r, disc_ids_r, walks, scanned, early, kings_r, has_r, b_id0, w_id0
        );
        self.cover_circuit.clock.next = self.clock.val();
        self.info.clock.next = self.clock.val();
        self.rays.clock.next = self.clock.val();
        self.gen.clock.next = self.clock.val();
        self.cand_rank.next = self.gen.rank.val();
        self.cand_data.next = bit_cast::<783, 720>(self.gen.moves.val())
            | (bit_cast::<783, 63>(self.gen.drops.val()) << 720_u64);
        self.cand_we.next = false;
        // The blocks' data paths.
        self.info.rank_data.next = self.cover_circuit.scan_rank.val();
        self.info.rank_ids.next = self.cover_circuit.scan_ids.val();
        self.rays.board.next = self.kept_board_rays.board.val();
        self.rays.black.next = self.side.q.val();
        self.kings_v.next = self.info.kings.val();
        self.has_v.next = self.info.has_king.val();
        if self.early.q.val() {
            self.kings_v.next = self.kings_r.q.val();
            self.has_v.next = self.has_r.q.val();
        }
        self.own_kr.next = self.kings_v.val().get_bits::<4>(8);
        self.own_kf.next = self.kings_v.val().get_bits::<4>(12);
        self.opp_kr.next = self.kings_v.val().get_bits::<4>(0);
        self.opp_kf.next = self.kings_v.val().get_bits::<4>(4);
        self.hand.next = self.hands.val().get_bits::<40>(40);
        self.own_king.next = self.has_v.val().get_bit(1);
        self.opp_king.next = self.has_v.val().get_bit(0);
        if self.side.q.val() {
            self.own_kr.next = self.kings_v.val().get_bits::<4>(0);
            self.own_kf.next = self.kings_v.val().get_bits::<4>(4);
            self.opp_kr.next = self.kings_v.val().get_bits::<4>(8);
            self.opp_kf.next = self.kings_v.val().get_bits::<4>(12);
            self.own_king.next = self.has_v.val().get_bit(0);
            self.opp_king.next = self.has_v.val().get_bit(1);
            self.hand.next = self.hands.val().get_bits::<40>(0);
        }
        self.rays.king_rank.next = self.own_kr.val();
        self.rays.king_file.next = self.own_kf.val();
        self.rays.discover.next = self.walks.q.val() == Walks::Discover;
        // The owner's kings by colour, for a start with `kings_known`.
        self.k_black.next = self.kings_in.val().get_bits::<8>(8);
        if self.b_id0.q.val() {
            self.k_black.next = self.kings_in.val().get_bits::<8>(0);
        }
        if !self.has_r.q.val().get_bit(0) {
            self.k_black.next = 0_u64.into();
        }
        self.k_white.next = self.kings_in.val().get_bits::<8>(8);
        if self.w_id0.q.val() {
            self.k_white.next = self.kings_in.val().get_bits::<8>(0);
        }
        if !self.has_r.q.val().get_bit(1) {
            self.k_white.next = 0_u64.into();
        }
        self.scan_done.next = !self.cover_circuit.busy.val() & !self.info.busy.val();
        self.walks_over.next = false;
        self.gen.black.next = self.side.q.val();
        self.gen.drops_on.next = !self.pass.q.val();
        self.gen.board.next = self.kept_board_gen.board.val();
        self.gen.rank_covers.next = self.cover_circuit.rd_covers.val();
        self.gen.hand.next = self.hand.val();
        self.gen.owned.next = self.info.owned.val();
        self.squares.next = self.info.squares.val();
        self.kings.next = self.kings_v.val();
        self.promoted.next = self.info.promoted.val();
        self.gen.promoted.next = self.info.promoted.val();
        self.gen.zone.next = self.info.zone.val();
        self.gen.pawn_files.next = self.info.pawn_files.val();
        self.gen.kings.next = self.info.kings.val();
        self.gen.has_king.next = self.info.has_king.val();
        self.gen.between.next = self.rays.between.val();
        self.gen.behind.next = self.rays.behind.val();
        self.gen.pinned.next = self.rays.pinned.val();
        self.gen.pin_ids.next = self.rays.pin_ids.val();
        self.gen.pin_lines.next = self.rays.pin_lines.val();
        self.gen.king_row.next = self.cover_circuit.rd_covers.val();
        // The probe's pawn: the lowest pawn identity in the side's hand, on its square.
        self.pawn_index.next = 0_u64.into();
        self.found.next = false;
        for k in 0..18 {
            if !self.found.val() & self.hand.val().get_bit(self.k_pawn_ids[k].val().index()) {
                self.found.next = true;
                self.pawn_index.next = self.k_pawn_index[k].val();
            }
        }
        // The probe square's field of its rank word: a mask of its ten bits (the pawn's data
        // copied to every field): one LUT a bit where a shift by the file was a shifter.
        self.field.next = 0_u64.into();
        for f in 0..9 {
            if self.probe_at.q.val().get_bits::<4>(4) == self.k_file[f].val() {
                self.field.next = self.field.val() | self.k_fmask[f].val();
            }
        }
        self.cleared.next = self.cover_circuit.rd_board.val() & !self.field.val();
        self.pdata.next = self.k_pawn_data.val() | self.pawn_index.val();
        if self.side.q.val() {
            self.pdata.next = self.pdata.val() | 32_u64;
        }
        self.prep.next = bit_cast::<90, 10>(self.pdata.val())
            | (bit_cast::<90, 10>(self.pdata.val()) << 10_u64)
            | (bit_cast::<90, 10>(self.pdata.val()) << 20_u64)
            | (bit_cast::<90, 10>(self.pdata.val()) << 30_u64)
            | (bit_cast::<90, 10>(self.pdata.val()) << 40_u64)
            | (bit_cast::<90, 10>(self.pdata.val()) << 50_u64)
            | (bit_cast::<90, 10>(self.pdata.val()) << 60_u64)
            | (bit_cast::<90, 10>(self.pdata.val()) << 70_u64)
            | (bit_cast::<90, 10>(self.pdata.val()) << 80_u64);
        // Defaults: the owner's writes and reads, nothing started.
        self.bw_en.next = self.wr_en.val() & (self.phase.q.val() == Phase::Idle);
        self.bw_rank.next = self.wr_rank.val();
        self.bw_data.next = self.wr_data.val();
        self.cover_circuit.rd_rank.next = self.rd_rank.val();
        self.cover_circuit.start.next = false;
        self.info.start.next = false;
        self.rays.start.next = false;
        self.disc_end.next = false;
        self.gen.start.next = false;
        match self.phase.q.val() {
            Phase::Idle => {
                if self.start_moves.val() {
                    self.cover_circuit.start.next = true;
                    self.info.start.next = true;
                    self.side.d.next = self.black.val();
                    self.pass.d.next = false;
                    self.probe_r.d.next = false;
                    self.mates_r.d.next = false;
                    self.disc_req.d.next = self.discover.val();
                    self.disc_on_r.d.next = 0_u64.into();
                    self.walks.d.next = Walks::Start;
                    self.scanned.d.next = false;
                    self.early.d.next = self.kings_known.val();
                    self.kings_r.d.next = bit_cast::<16, 8>(self.k_black.val())
                        | (bit_cast::<16, 8>(self.k_white.val()) << 8_u64);
                    self.phase.d.next = Phase::Scan;
                } else if self.start_cover.val() {
                    self.cover_circuit.start.next = true;
                }
            }
            Phase::Scan => {
                // The own king's rank of the table, read for the generator's start (its
                // checkers): the start waits for a cycle after the scan's end.
                self.cover_circuit.rd_rank.next = self.own_kr.val();
                if self.scan_done.val() {
                    self.scanned.d.next = true;
                    self.has_r.d.next = self.info.has_king.val();
                    self.b_id0.d.next = self.info.owned.val().get_bit(0);
                    self.w_id0.d.next = self.info.owned.val().get_bit(40);
                }
                // The walks, once the kings are known: the discover walk first when asked (a
                // mate walk's attacker: the opponent king's walks, the side's sliders), then
                // the own king's; without an own king (a tsume attacker) none.
                match self.walks.q.val() {
                    Walks::Start => {
                        if self.early.q.val() | self.scan_done.val() {
                            if self.disc_req.q.val() & !self.pass.q.val() & self.opp_king.val() {
                                self.rays.start.next = true;
                                self.rays.king_rank.next = self.opp_kr.val();
                                self.rays.king_file.next = self.opp_kf.val();
                                self.walks.d.next = Walks::Discover;
                            } else if self.own_king.val() {
                                self.rays.start.next = true;
                                self.walks.d.next = Walks::Own;
                            } else {
                                self.walks_over.next = true;
                                self.walks.d.next = Walks::Done;
                            }
                        }
                    }
                    Walks::Discover => {
                        // Its results kept for the candidate pass; then the own king's walks.
                        if !self.rays.busy.val() {
                            self.disc_on_r.d.next = self.rays.pinned.val();
                            self.disc_ids_r.d.next = self.rays.pin_ids.val();
                            self.disc_end.next = true;
                            if self.own_king.val() {
                                self.rays.start.next = true;
                                self.walks.d.next = Walks::Own;
                            } else {
                                self.walks_over.next = true;
                                self.walks.d.next = Walks::Done;
                            }
                        }
                    }
                    Walks::Own => {
                        if !self.rays.busy.val() {
                            self.walks_over.next = true;
                            self.walks.d.next = Walks::Done;
                        }
                    }
                    Walks::Done => {
                        self.walks_over.next = true;
                    }
                }
                if self.walks_over.val()
                    & self.scan_done.val()
                    & (!self.own_king.val() | self.scanned.q.val())
                {
                    self.gen.start.next = true;
                    self.phase.d.next = Phase::Generate;
                }
            }
            Phase::Generate => {
                self.cand_we.next = self.gen.valid.val() & !self.pass.q.val();
                if !self.gen.busy.val() {
                    if self.pass.q.val() {
                        self.mates_r.d.next = !self.gen.count.val().any();
                        self.phase.d.next = Phase::Restore;
                    } else {
                        self.count_r.d.next = self.gen.count.val();
                        self.probe_r.d.next = self.gen.probe.val();
                        self.probe_sq.d.next = self.gen.probe_square.val();
                        self.probe_at.d.next = self.gen.probe_at.val();
                        self.phase.d.next = Phase::Idle;
                        if self.gen.probe.val() {
                            self.phase.d.next = Phase::ProbeWrite;
                        }
                    }
                }
            }
            Phase::ProbeWrite => {
                // The pawn dropped; the opponent to move, without drops.
                self.cover_circuit.rd_rank.next = self.probe_at.q.val().get_bits::<4>(0);
                self.bw_en.next = true;
                self.bw_rank.next = self.probe_at.q.val().get_bits::<4>(0);
                self.bw_data.next = self.cleared.val() | (self.prep.val() & self.field.val());
                self.pass.d.next = true;
                self.side.d.next = !self.side.q.val();
                self.phase.d.next = Phase::ProbeStart;
            }
            Phase::ProbeStart => {
                self.cover_circuit.start.next = true;
                self.info.start.next = true;
                self.walks.d.next = Walks::Start;
                self.scanned.d.next = false;
                self.phase.d.next = Phase::Scan;
            }
            Phase::Restore => {
                // The square emptied again; the table computed again for the owner's reads,
                // but not below a walk's root (`kings_known`): no walker reads it there, and
                // the 11 cycles were a sixth of the 593-move position's perft.
                self.cover_circuit.rd_rank.next = self.probe_at.q.val().get_bits::<4>(0);
                self.bw_en.next = true;
                self.bw_rank.next = self.probe_at.q.val().get_bits::<4>(0);
                self.bw_data.next = self.cleared.val();
                self.side.d.next = !self.side.q.val();
                self.pass.d.next = false;
                self.phase.d.next = Phase::Rescan;
                if self.early.q.val() {
                    self.phase.d.next = Phase::Idle;
                }
            }
            Phase::Rescan => {
                self.cover_circuit.start.next = true;
                self.phase.d.next = Phase::RescanWait;
            }
            Phase::RescanWait => {
                if !self.cover_circuit.busy.val() {
                    self.phase.d.next = Phase::Idle;
                }
            }
        }
        // The cover RAMs' address a cycle ahead of the generator: rank 1 as it starts, then the
        // rank after the one it shows.
        if self.gen.start.val() {
            self.cover_circuit.rd_rank.next = 0_u64.into();
        } else if self.phase.q.val() == Phase::Generate {
            self.cover_circuit.rd_rank.next = self.gen.rank.val() + 1_u64;
        }
        self.busy.next = (self.phase.q.val() != Phase::Idle) | self.cover_circuit.busy.val();
        self.rd_covers.next = self.cover_circuit.rd_covers.val();
        self.count.next = self.count_r.q.val();
        if self.mates_r.q.val() {
            self.count.next = self.count_r.q.val() - 1_u64;
        }
        self.probe.next = self.probe_r.q.val();
        self.probe_square.next = self.probe_sq.q.val();
        self.probe_mates.next = self.mates_r.q.val();
        self.disc_on.next = self.disc_on_r.q.val();
        self.disc_ids.next = self.disc_ids_r.q.val();
        self.disc_rays.next = self.rays.first_rays.val();
        self.board.next = self.kept_board_owner.board.val();
        // The write bus, to the board data and its copies.
        self.cover_circuit.wr_en.next = self.bw_en.val();
        self.cover_circuit.wr_rank.next = self.bw_rank.val();
        self.cover_circuit.wr_data.next = self.bw_data.val();
        self.kept_board_rays.clock.next = self.clock.val();
        self.kept_board_rays.wr_en.next = self.bw_en.val();
        self.kept_board_rays.wr_rank.next = self.bw_rank.val();
        self.kept_board_rays.wr_data.next = self.bw_data.val();
        self.kept_board_gen.clock.next = self.clock.val();
        self.kept_board_gen.wr_en.next = self.bw_en.val();
        self.kept_board_gen.wr_rank.next = self.bw_rank.val();
        self.kept_board_gen.wr_data.next = self.bw_data.val();
        self.kept_board_owner.clock.next = self.clock.val();
        self.kept_board_owner.wr_en.next = self.bw_en.val();
        self.kept_board_owner.wr_rank.next = self.bw_rank.val();
        self.kept_board_owner.wr_data.next = self.bw_data.val();
    }
}
