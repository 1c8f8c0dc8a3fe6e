//! Direct-loop drivers for one block in rust-hdl's simulation (test benches share these).

use anyhow::{bail, Context, Result};
use rust_hdl::prelude::*;

/// Settles combinational logic after inputs changed.
pub fn settle<B: Block>(uut: &mut B) -> Result<()> {
    if !simulate(uut, 100) {
        bail!("block did not settle within 100 passes");
    }
    Ok(())
}

/// One clock cycle (rising then falling edge) of the clock returned by `clk`.
pub fn cycle<B: Block>(uut: &mut B, clk: fn(&mut B) -> &mut Signal<In, Clock>) -> Result<()> {
    settle(uut)?;
    clk(uut).next = Clock::from(true);
    settle(uut)?;
    clk(uut).next = Clock::from(false);
    settle(uut)
}

/// Serial levels of one 8N1 byte: start, 8 data bits LSB first, stop.
pub fn uart_levels(byte: u8) -> [bool; 10] {
    let mut l = [true; 10];
    l[0] = false;
    for (k, level) in l.iter_mut().enumerate().skip(1).take(8) {
        *level = byte >> (k - 1) & 1 == 1;
    }
    l
}

/// The pin level at cycle `t` of a byte stream sent back to back with bits of `bit` cycles
/// (fractional: models a sender whose baud rate is off), or `None` once all bytes are sent.
pub fn serial_level(bytes: &[u8], bit: f64, t: u64) -> Option<bool> {
    let k = (t as f64 / bit) as usize;
    let (byte, pos) = (k / 10, k % 10);
    bytes.get(byte).map(|&b| uart_levels(b)[pos])
}

/// A wide input (a shogi rank word: 90 bits) from the model's `u128`; bits past `N` are dropped.
pub fn bits_from_u128<const N: usize>(w: u128) -> Bits<N> {
    (0..N.min(128))
        .filter(|&i| w >> i & 1 == 1)
        .fold(Bits::<N>::default(), |b, i| b.replace_bit(i, true))
}

/// `W` bits of a wide signal from bit `offset` on, as a `u64` (`W` <= 64).
pub fn bits_slice<const N: usize, const W: usize>(b: &Bits<N>, offset: usize) -> u64 {
    b.get_bits::<W>(offset).to_u64()
}

/// A wide input made of `width`-bit words (the shogi board data: nine 90-bit rank words make
/// 810 bits), word `i` from bit `i * width` on.
pub fn bits_from_words<const N: usize>(words: &[u128], width: usize) -> Bits<N> {
    let mut b = Bits::<N>::default();
    for (k, &w) in words.iter().enumerate() {
        for i in (0..width.min(128)).filter(|&i| w >> i & 1 == 1) {
            if k * width + i < N {
                b = b.replace_bit(k * width + i, true);
            }
        }
    }
    b
}

/// Up to 128 bits of a wide signal from bit `offset` on, as a `u128` (a shogi square set).
pub fn bits_to_u128<const N: usize>(b: &Bits<N>, offset: usize, width: usize) -> u128 {
    (0..width.min(128))
        .filter(|&i| offset + i < N && b.get_bit(offset + i))
        .fold(0, |w, i| w | 1 << i)
}

/// Clocks `u` while `busy` says so, counting the cycles (at most `limit`, else `what` does not
/// finish).
pub fn busy_cycles<B: Block>(
    u: &mut B,
    clk: fn(&mut B) -> &mut Signal<In, Clock>,
    busy: fn(&B) -> bool,
    limit: u64,
    what: &str,
) -> Result<u64> {
    busy_cycles_each(u, clk, busy, limit, what, |_| Ok(()))
}

/// As [`busy_cycles`], `each` shown every settled cycle (the last, idle one too).
fn busy_cycles_each<B: Block>(
    u: &mut B,
    clk: fn(&mut B) -> &mut Signal<In, Clock>,
    busy: fn(&B) -> bool,
    limit: u64,
    what: &str,
    mut each: impl FnMut(&B) -> Result<()>,
) -> Result<u64> {
    settle(u)?;
    let mut cycles = 0;
    each(u)?;
    while busy(u) {
        cycles += 1;
        if cycles > limit {
            bail!("{what} does not finish");
        }
        cycle(u, clk)?;
        each(u)?;
    }
    Ok(cycles)
}

/// Drives the king's walks' inputs for a start on `board` from `king`, `black`'s pieces as the
/// side (discover mode with `discover`); the caller clocks.
pub fn start_king_rays(
    u: &mut gateware::shogi::KingRays,
    board: &model::shogi::piece_data::BoardData,
    black: bool,
    discover: bool,
    king: u8,
) {
    let words: Vec<u128> = (0..9).map(|r| board.rank_word(r)).collect();
    u.board.next = bits_from_words(&words, 90);
    u.black.next = black;
    u.discover.next = discover;
    u.king_rank.next = ((king / 9) as u64).into();
    u.king_file.next = ((king % 9) as u64).into();
    u.start.next = true;
}

/// The king's walks on `board` from `king`, `black`'s pieces as the side (in discover mode
/// with `discover`): a start, then the board taken away (the block reads it only at `start`:
/// an empty board must not change its walks), the busy cycles counted (at most 8).
pub fn run_king_rays(
    u: &mut gateware::shogi::KingRays,
    board: &model::shogi::piece_data::BoardData,
    black: bool,
    discover: bool,
    king: u8,
) -> Result<u64> {
    start_king_rays(u, board, black, discover, king);
    cycle(u, |u| &mut u.clock)?;
    u.start.next = false;
    u.board.next = Default::default();
    busy_cycles(u, |u| &mut u.clock, |u| u.busy.val(), 8, "the king's walks")
}

/// The king's walks' pins as the block shows them: per walk, the pinned square and line (the
/// model's `KingRays::pins`), and the pinned identity.
pub fn king_ray_pins(u: &gateware::shogi::KingRays) -> [Option<((u8, u128), u8)>; 8] {
    std::array::from_fn(|i| {
        u.pinned.val().get_bit(i).then(|| {
            (
                (
                    bits_slice::<56, 7>(&u.pin_squares.val(), 7 * i) as u8,
                    bits_to_u128(&u.pin_lines.val(), 81 * i, 81),
                ),
                bits_slice::<48, 6>(&u.pin_ids.val(), 6 * i) as u8,
            )
        })
    })
}

/// `KingRays::first_rays`: each of the eight walks' ray from the king to its first piece
/// (81 bits a walk, in the walks' order).
pub fn king_first_rays(u: &gateware::shogi::KingRays) -> [u128; 8] {
    std::array::from_fn(|i| bits_to_u128(&u.first_rays.val(), 81 * i, 81))
}

/// The rank write port (`wr_en`, `wr_rank`, `wr_data`) the shogi blocks share, as
/// `write_ranks` drives it.
macro_rules! rank_port {
    () => {
        |u, en, r, w| {
            u.wr_en.next = en;
            u.wr_rank.next = r.into();
            u.wr_data.next = bits_from_u128(w);
        }
    };
}

/// Writes the nine rank words of `board` through a block's rank write port (`port` sets its
/// enable, rank and data), a cycle each.
fn write_ranks<B: Block>(
    u: &mut B,
    board: &model::shogi::piece_data::BoardData,
    clk: fn(&mut B) -> &mut Signal<In, Clock>,
    port: fn(&mut B, bool, u64, u128),
) -> Result<()> {
    for r in 0..9 {
        port(u, true, r as u64, board.rank_word(r));
        cycle(u, clk)?;
    }
    port(u, false, 0, 0);
    Ok(())
}

/// A cover circuit on `board`: the board data loaded a rank a cycle, a start, the busy cycles
/// counted, the table read back. (The block tests and the shogi bench share it.)
macro_rules! cover_runner {
    ($(#[$doc:meta])* $run:ident, $circuit:ty) => {
        $(#[$doc])*
        pub fn $run(
            u: &mut $circuit,
            board: &model::shogi::piece_data::BoardData,
        ) -> Result<([u64; 81], u64)> {
            write_ranks(u, board, |u| &mut u.clock, rank_port!())?;
            u.start.next = true;
            cycle(u, |u| &mut u.clock)?;
            u.start.next = false;
            let cycles = busy_cycles(
                u,
                |u| &mut u.clock,
                |u| u.busy.val(),
                100,
                "the piece cover circuit",
            )?;
            let mut table = [0u64; 81];
            for r in 0..9 {
                // The cover RAMs show a rank the cycle after its address.
                u.rd_rank.next = (r as u64).into();
                cycle(u, |u| &mut u.clock)?;
                for f in 0..9 {
                    table[r * 9 + f] = bits_slice::<360, 40>(&u.rd_covers.val(), 40 * f);
                }
            }
            Ok((table, cycles))
        }
    };
}

cover_runner!(
    /// The piece cover circuit (either schedule).
    run_piece_cover,
    gateware::shogi::PieceCoverCircuit
);
cover_runner!(
    /// The piece cover circuit with one scanner and one cover RAM.
    run_piece_cover_one_scanner,
    gateware::shogi::PieceCoverCircuitOneScanner
);

/// Sets the all-move generator's inputs for the side to move of `board` (every input, read at
/// the next clock edge when `start` is high): the board data, the cover table, the side's
/// hand, the piece info table and, with an own king, its walks (`rays`; the pinned identities
/// read off the board).
pub fn set_all_moves_inputs(
    u: &mut gateware::shogi::AllMoveGenerator,
    board: &model::shogi::piece_data::BoardData,
    table: &model::shogi::piece_data::CoverTable,
    info: &model::shogi::all_moves::PieceInfo,
    rays: Option<&model::shogi::all_moves::KingRays>,
    drops_on: bool,
) {
    let words: Vec<u128> = (0..9).map(|r| board.rank_word(r)).collect();
    let side = board.side;
    u.black.next = side == model::shogi::Color::Black;
    u.drops_on.next = drops_on;
    u.board.next = bits_from_words(&words, 90);
    u.rank_covers.next = table_rank(table, 0);
    // The unit reads the king's rank of the table for the generator (rank 1 without a king).
    u.king_row.next = table_rank(
        table,
        info.kings[side.index()].map_or(0, |k| k as usize / 9),
    );
    u.hand.next = bits_from_u128(board.hands[side.index()] as u128);
    set_piece_info_inputs(u, info);
    let (mut pinned, mut ids, mut lines) = (0u64, 0u128, vec![0u128; 8]);
    for (i, pin) in rays.iter().flat_map(|k| k.pins.iter().enumerate()) {
        if let Some((sq, line)) = pin {
            pinned |= 1 << i;
            ids |= (board.squares[*sq as usize].id().unwrap_or(0) as u128) << (6 * i);
            lines[i] = *line;
        }
    }
    u.between.next = bits_from_u128(rays.map_or(0, |k| k.between));
    u.behind.next = bits_from_u128(rays.map_or(0, |k| k.behind));
    u.pinned.next = pinned.into();
    u.pin_ids.next = bits_from_u128(ids);
    u.pin_lines.next = bits_from_words(&lines, 81);
}

/// The piece info table's part of the all-move generator's inputs, packed as
/// `PieceInfoTable` gives them.
fn set_piece_info_inputs(
    u: &mut gateware::shogi::AllMoveGenerator,
    info: &model::shogi::all_moves::PieceInfo,
) {
    u.owned.next = bits_from_u128(info.owned[0] as u128 | (info.owned[1] as u128) << 40);
    u.promoted.next = info.promoted.into();
    u.zone.next = info.zone.into();
    u.pawn_files.next = (info.pawn_files[0] as u64 | (info.pawn_files[1] as u64) << 9).into();
    let (mut kings, mut has) = (0u64, 0u64);
    for (c, k) in info.kings.iter().enumerate() {
        if let Some(k) = k {
            kings |= ((k / 9) as u64 | ((k % 9) as u64) << 4) << (8 * c);
            has |= 1 << c;
        }
    }
    u.kings.next = kings.into();
    u.has_king.next = has.into();
}

/// What the all-move generator showed for one position: per square its candidate masks
/// (board moves, promotions, drops), the count, the probe, the cycles `valid` was high.
#[derive(Debug, PartialEq, Eq)]
pub struct GeneratorRun {
    pub squares: Vec<(u64, u64, u8)>,
    pub rank_counts: Vec<u32>,
    pub count: u32,
    pub probe: Option<u8>,
    pub cycles: u64,
}

/// The table's rank `rank` as the cover RAMs show it to the all-move generator.
pub fn table_rank(table: &model::shogi::piece_data::CoverTable, rank: usize) -> Bits<360> {
    let rank = rank.min(8);
    let cover: Vec<u128> = table.0[9 * rank..9 * rank + 9]
        .iter()
        .map(|&c| c as u128)
        .collect();
    bits_from_words(&cover, 40)
}

/// Runs the all-move generator from its inputs as set: a start cycle, then a rank a cycle,
/// `table`'s rank shown given as the cover RAMs give it.
pub fn run_all_moves(
    u: &mut gateware::shogi::AllMoveGenerator,
    table: &model::shogi::piece_data::CoverTable,
) -> Result<GeneratorRun> {
    u.start.next = true;
    cycle(u, |u| &mut u.clock)?;
    u.start.next = false;
    let mut run = GeneratorRun {
        squares: vec![(0, 0, 0); 81],
        rank_counts: Vec::new(),
        count: 0,
        probe: None,
        cycles: 0,
    };
    settle(u)?;
    while u.busy.val() {
        run.cycles += 1;
        if run.cycles > 100 {
            bail!("the all-move generator does not finish");
        }
        u.rank_covers.next = table_rank(table, u.rank.val().index());
        settle(u)?;
        if u.valid.val() {
            let r = u.rank.val().index();
            for f in 0..9 {
                run.squares[r * 9 + f] = (
                    bits_to_u128(&u.moves.val(), 80 * f, 40) as u64,
                    bits_to_u128(&u.moves.val(), 80 * f + 40, 40) as u64,
                    bits_to_u128(&u.drops.val(), 7 * f, 7) as u8,
                );
            }
            run.rank_counts.push(u.rank_count.val().index() as u32);
        }
        cycle(u, |u| &mut u.clock)?;
    }
    run.count = u.count.val().index() as u32;
    run.probe = u.probe.val().then(|| u.probe_square.val().index() as u8);
    Ok(run)
}

/// What the sequenced all-move generator gave for a position.
#[derive(Debug, PartialEq, Eq)]
pub struct UnitRun {
    /// Per square: board moves, promotions, drops (as `model::shogi::all_moves::SquareMoves`).
    pub squares: Vec<(u64, u64, u8)>,
    pub count: u32,
    pub probe: Option<u8>,
    pub probe_mates: bool,
    pub cycles: u64,
    /// The table read back after the job.
    pub table: [u64; 81],
}

/// A rank's candidates per file: (board moves, promotions, drops).
pub type RankMoves = [(u64, u64, u8); 9];

/// The candidates of one rank as `AllMovesUnit::cand_data` shows them: per file (board
/// moves, promotions, drops).
pub fn rank_moves(b: &Bits<783>) -> RankMoves {
    std::array::from_fn(|f| {
        (
            bits_to_u128(b, 80 * f, 40) as u64,
            bits_to_u128(b, 80 * f + 40, 40) as u64,
            bits_to_u128(b, 720 + 7 * f, 7) as u8,
        )
    })
}

/// The candidates of one rank from its 20 groups of 40 bits (as `PerftWalker::rd_moves` shows
/// them a group at a time): the rank's bits `40g..40g+39` in `groups[g]`.
pub fn rank_moves_from_groups(groups: &[u64; 20]) -> RankMoves {
    let drops = u128::from(groups[18]) | u128::from(groups[19]) << 40;
    std::array::from_fn(|f| {
        (
            groups[2 * f],
            groups[2 * f + 1],
            (drops >> (7 * f) & 0x7f) as u8,
        )
    })
}

/// The side to move (Black?) and the hands of `board` as the core's hands word holds them
/// (`model::shogi::protocol::hands_word`: Black's identities in bits 0-39, White's in 40-79,
/// the side in bit 80).
pub fn side_and_hands(board: &model::shogi::piece_data::BoardData) -> (bool, Bits<80>) {
    let word = model::shogi::protocol::hands_word(board);
    (word >> 80 & 1 == 1, bits_from_u128(word & ((1 << 80) - 1)))
}

/// A moves job on a block with `AllMovesUnit`'s job ports (the unit, or the perft walker
/// passing them through): the ranks written when `$load`, the side and hands of `$board` set,
/// the busy cycles counted (`$each` shown each cycle of them and the rank candidates it keeps),
/// the table read back and the candidates with it (`$read`: a rank's, from the cycle after its
/// address: the unit's at once, the walker's a group of 40 a cycle; or None where `$each` kept
/// them).
macro_rules! moves_job {
    ($u:expr, $board:expr, $load:expr, $each:expr, $read:expr) => {{
        let (u, board) = ($u, $board);
        if $load {
            write_ranks(u, board, |u| &mut u.clock, rank_port!())?;
        }
        (u.black.next, u.hands.next) = side_and_hands(board);
        u.start_moves.next = true;
        cycle(u, |u| &mut u.clock)?;
        u.start_moves.next = false;
        let mut kept: [Option<RankMoves>; 9] = [None; 9];
        let cycles = busy_cycles_each(
            u,
            |u| &mut u.clock,
            |u| u.busy.val(),
            200,
            "the all-move unit",
            |u| $each(u, &mut kept),
        )?;
        let mut run = UnitRun {
            squares: Vec::with_capacity(81),
            count: u.count.val().index() as u32,
            probe: u.probe.val().then(|| u.probe_square.val().index() as u8),
            probe_mates: u.probe_mates.val(),
            cycles,
            table: [0; 81],
        };
        for r in 0..9 {
            // The table (and the walker's candidates) come from RAM, the cycle after their
            // address.
            u.rd_rank.next = (r as u64).into();
            cycle(u, |u| &mut u.clock)?;
            let rank = match $read(&mut *u)? {
                Some(rank) => rank,
                None => kept[r].with_context(|| format!("rank {} was not streamed", r + 1))?,
            };
            run.squares.extend(rank);
            for f in 0..9 {
                run.table[r * 9 + f] = bits_slice::<360, 40>(&u.rd_covers.val(), 40 * f);
            }
        }
        Ok(run)
    }};
}

/// The sequenced all-move generator on `board`: the ranks written, a moves job, its busy
/// cycles counted, the candidates and the table read back.
pub fn run_all_moves_unit(
    u: &mut gateware::shogi::AllMovesUnit,
    board: &model::shogi::piece_data::BoardData,
) -> Result<UnitRun> {
    moves_job!(
        u,
        board,
        true,
        |u: &gateware::shogi::AllMovesUnit, kept: &mut [Option<RankMoves>; 9]| {
            if u.cand_we.val() {
                let r = u.cand_rank.val().index();
                if r >= 9 || kept[r].is_some() {
                    bail!("the unit streamed rank index {r} again or out of range");
                }
                kept[r] = Some(rank_moves(&u.cand_data.val()));
            }
            Ok(())
        },
        |_: &mut gateware::shogi::AllMovesUnit| -> Result<Option<RankMoves>> { Ok(None) }
    )
}

/// The kings' squares by identity as the perft walker names them to its unit
/// (`AllMovesUnit::kings_in`: identity 0's rank in bits 0-3 and file in 4-7, identity 1's in
/// 8-15); an identity not on the board reads `absent` (the unit must not look at it).
pub fn kings_by_identity(board: &model::shogi::piece_data::BoardData, absent: u8) -> u16 {
    let at = |id: u8| {
        board.square_of(id).map_or(u16::from(absent), |s| {
            u16::from(s / 9) | u16::from(s % 9) << 4
        })
    };
    at(0) | at(1) << 8
}

/// [`run_all_moves_unit`] with the kings named at the start (`AllMovesUnit::kings_known`:
/// the walks beside the scan) and `discover` (a mate walk's attacker job).
pub fn run_all_moves_unit_kings_known(
    u: &mut gateware::shogi::AllMovesUnit,
    board: &model::shogi::piece_data::BoardData,
    kings: u16,
    discover: bool,
) -> Result<UnitRun> {
    u.kings_known.next = true;
    u.kings_in.next = u64::from(kings).into();
    u.discover.next = discover;
    let run = run_all_moves_unit(u, board);
    u.kings_known.next = false;
    u.discover.next = false;
    run
}

/// A moves job on the perft walker's unit while the walker is idle: as [`run_all_moves_unit`],
/// the ranks written only when `load` (else the board data the walker left, `board` giving
/// the side and hands).
pub fn run_walker_moves(
    u: &mut gateware::shogi::PerftWalker,
    board: &model::shogi::piece_data::BoardData,
    load: bool,
) -> Result<UnitRun> {
    moves_job!(
        u,
        board,
        load,
        |_: &gateware::shogi::PerftWalker, _: &mut [Option<RankMoves>; 9]| Ok(()),
        |u: &mut gateware::shogi::PerftWalker| -> Result<Option<RankMoves>> {
            // The rank's groups, one a cycle (the stack shows the rank while rd_rank holds).
            let mut groups = [0u64; 20];
            for (g, group) in groups.iter_mut().enumerate() {
                u.rd_group.next = (g as u64).into();
                cycle(u, |u| &mut u.clock)?;
                *group = u.rd_moves.val().to_u64();
            }
            Ok(Some(rank_moves_from_groups(&groups)))
        }
    )
}

/// What the perft walker counted and the cycles it was busy.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WalkerRun {
    pub leaves: u64,
    pub nodes: u64,
    pub cycles: u64,
}

/// What a mate walk found: whether it mates, the root frame's cursor on the mating check
/// (rank, group, bit), its moves jobs and busy cycles.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MateWalkerRun {
    pub mated: bool,
    pub first: (u8, u8, u8),
    pub nodes: u64,
    pub cycles: u64,
}

/// Starts a walk on the walker (the ranks written first) and counts its busy cycles.
fn walk(
    u: &mut gateware::shogi::PerftWalker,
    board: &model::shogi::piece_data::BoardData,
    depth: u32,
    mate: bool,
    limit: u64,
) -> Result<u64> {
    write_ranks(u, board, |u| &mut u.clock, rank_port!())?;
    (u.black.next, u.hands.next) = side_and_hands(board);
    u.depth.next = (depth as u64).into();
    u.mate.next = mate;
    u.start.next = true;
    cycle(u, |u| &mut u.clock)?;
    u.start.next = false;
    u.mate.next = false;
    busy_cycles(
        u,
        |u| &mut u.clock,
        |u| u.busy.val(),
        limit,
        "the perft walker",
    )
}

/// The perft walker on `board`: the ranks written, a walk of `depth` started, its busy cycles
/// counted (at most `limit`), the leaves and nodes read.
pub fn run_perft_walker(
    u: &mut gateware::shogi::PerftWalker,
    board: &model::shogi::piece_data::BoardData,
    depth: u32,
    limit: u64,
) -> Result<WalkerRun> {
    let cycles = walk(u, board, depth, false, limit)?;
    Ok(WalkerRun {
        leaves: u.leaves.val().to_u64(),
        nodes: u.nodes.val().to_u64(),
        cycles,
    })
}

/// The perft walker's mate walk of `plies` on `board` (as [`run_perft_walker`]).
pub fn run_mate_walker(
    u: &mut gateware::shogi::PerftWalker,
    board: &model::shogi::piece_data::BoardData,
    plies: u32,
    limit: u64,
) -> Result<MateWalkerRun> {
    let cycles = walk(u, board, plies, true, limit)?;
    Ok(MateWalkerRun {
        mated: u.mated.val(),
        first: (
            u.first_rank.val().to_u64() as u8,
            u.first_group.val().to_u64() as u8,
            u.first_bit.val().to_u64() as u8,
        ),
        nodes: u.nodes.val().to_u64(),
        cycles,
    })
}

/// Runs `f` on a thread with a 512 MB stack, for the Rust simulation of the Connect6 threat
/// player (`gateware::design::on_big_stack`, which its Verilog's emission uses too).
pub use gateware::design::on_big_stack;
