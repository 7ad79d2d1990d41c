// Generated from protocol.schema.json by tools/protocol_types.mjs: edit the schema, then run
// `node tools/protocol_types.mjs`. The schema is the protocol's source of truth.

export type BootAnswer = BootReady | ErrorAnswer;
/**
 * engine.bots' four levels, then the random-legal probe.
 */
export type BotLevel = "easy" | "medium" | "hard" | "expert" | "random";
export type ExportName =
  | "boot"
  | "new_game"
  | "new_position"
  | "new_guide"
  | "act"
  | "bot_step"
  | "resume"
  | "forget"
  | "undo"
  | "coach"
  | "take_seat"
  | "replay_link"
  | "open_replay"
  | "replay_step"
  | "guest_act"
  | "seat_away"
  | "guest_view";
/**
 * Stable codes; the page shows the catalog's error.<code>. From the engine (EngineError) or the worker itself: no_game (no game in progress, or nothing saved), import (the engine did not load), internal (a bug: an exception that is not an EngineError).
 */
export type ErrorCode =
  | "bad_action"
  | "bad_card"
  | "bad_config"
  | "bad_deal"
  | "bad_json"
  | "bad_link"
  | "bad_option"
  | "bad_players"
  | "bad_position"
  | "bad_rank"
  | "bad_save"
  | "bad_seat"
  | "bad_seed"
  | "cannot_believe"
  | "cannot_pass"
  | "card_not_in_hand"
  | "game_over"
  | "import"
  | "internal"
  | "must_call"
  | "no_cards"
  | "no_game"
  | "no_undo"
  | "not_your_turn"
  | "nothing_to_call"
  | "nothing_to_undo"
  | "option_not_in_preset"
  | "replay_mismatch"
  | "too_many_cards"
  | "unknown_action"
  | "unknown_option"
  | "unknown_preset"
  | "wrong_rank";
export type Preset = "classic" | "quick";
export type SeatIndex = number;
export type DeckSize = 36 | 52;
export type Decks = 1 | 2;
export type Ending = "single" | "last_loser" | "match";
/**
 * Hands in a match (the ending "match").
 */
export type MatchHands = number;
/**
 * Plays and calls in one hand before it ends by the move limit.
 */
export type MoveLimit = number;
/**
 * "human" for a person's seat (several: pass-and-play), a bot level for every other seat.
 */
export type SeatLevel = "human" | BotLevel;
export type NewGameAnswer = TableAnswer | ErrorAnswer;
/**
 * One thing that happened, as the human may see it (docs/rules.md lists them).
 */
export type GameEvent =
  | DealtEvent
  | RoundOpenedEvent
  | PlayedEvent
  | PassedEvent
  | ChallengedEvent
  | BelievedEvent
  | RevealedEvent
  | TookPileEvent
  | DiscardedEvent
  | DrewEvent
  | OutEvent
  | HandOverEvent
  | GameOverEvent;
export type Count = number;
export type Rank = "2" | "3" | "4" | "5" | "6" | "7" | "8" | "9" | "10" | "J" | "Q" | "K" | "A";
/**
 * Rank then suit: 6H, 10S, QD, AC.
 */
export type Card = string;
/**
 * "cap": the table's cap ended a hand only bots still played (Game.end_by_move_limit).
 */
export type HandEndReason = "out" | "last_loser" | "move_limit" | "cap";
/**
 * How the last hand ended, or "match" once a match's hands are played.
 */
export type GameEndReason = "out" | "last_loser" | "move_limit" | "cap" | "match";
/**
 * Helps used in this game: the coach was asked, or an undo was made. The page counts such games apart in its statistics.
 */
export type Assisted = ("coach" | "undo")[];
export type GuideNote = GuideOutcome | GuidePlayed | GuideCoach | GuideEnd;
/**
 * What the human seat does (docs/protocol.md, Actions).
 */
export type Action = PlayAction | ChallengeAction | BelieveAction | PassAction;
/**
 * An error leaves the game as it was.
 */
export type ActAnswer = TableAnswer | ErrorAnswer;
/**
 * When no bot is to move, the table as it is (actor null, no events).
 */
export type BotStepAnswer = TableAnswer | ErrorAnswer;
/**
 * no_game: nothing saved; bad_save: the save could not be read back and was deleted.
 */
export type ResumeAnswer = ResumedTable | ErrorAnswer;
export type ForgetAnswer = Forgotten | ErrorAnswer;
/**
 * The table before that decision, answered like resume(); nothing_to_undo before the human's first decision, game_over once the game is over, no_game without a game.
 */
export type UndoAnswer = ResumedTable | ErrorAnswer;
/**
 * The advice; not_your_turn when the human has nothing to decide, no_game without a game.
 */
export type CoachAnswer = Advice | ErrorAnswer;
export type CoachFact = BoundFact | SureBluffFact | LieChanceFact;
/**
 * no_game without a game.
 */
export type TakeSeatAnswer = TableAnswer | ErrorAnswer;
/**
 * no_game without a game at the table.
 */
export type ReplayLinkAnswer = ReplayLink | ErrorAnswer;
/**
 * bad_link: not a replay link; replay_mismatch: its actions do not play or lead to another game; no_game: replay_step without a replay open.
 */
export type ReplayAnswer = ReplayTable | ErrorAnswer;
/**
 * The host's table after that step (actor: the seat). An error leaves the game as it was: bad_seat (no guest's seat), not_your_turn (the seat is away, the next hand is not shown yet, or it is not that seat's turn), or the engine's code for the action; no_game without a game.
 */
export type GuestActAnswer = TableAnswer | ErrorAnswer;
/**
 * The host's table (bot_to_move may change); bad_seat (no guest's seat), bad_json (away is not true or false), no_game.
 */
export type SeatAwayAnswer = TableAnswer | ErrorAnswer;
/**
 * The seat's guest answer with its log and who moved first; bad_seat (no guest's seat), no_game.
 */
export type GuestViewAnswer = GuestAnswer | ErrorAnswer;

/**
 * The worker protocol (docs/worker-protocol.md): every export of web/app/worker.py with the request the page sends it (absent: the export takes no argument) and the answer it gives. Both cross as JSON text. No message has this root shape; validate a message against its own definition in $defs.
 */
export interface WorkerCalls {
  boot: BootCall;
  new_game: NewGameCall;
  new_position: NewPositionCall;
  new_guide: NewGuideCall;
  act: ActCall;
  bot_step: BotStepCall;
  resume: ResumeCall;
  forget: ForgetCall;
  undo: UndoCall;
  coach: CoachCall;
  take_seat: TakeSeatCall;
  replay_link: ReplayLinkCall;
  open_replay: OpenReplayCall;
  replay_step: ReplayStepCall;
  guest_act: GuestActCall;
  seat_away: SeatAwayCall;
  guest_view: GuestViewCall;
}
/**
 * boot(): called once the worker started; says whether the engine loaded.
 */
export interface BootCall {
  answer: BootAnswer;
}
export interface BootReady {
  ok: true;
  /**
   * The engine's version.
   */
  engine: string;
  bot_levels: BotLevel[];
  /**
   * The functions the worker exports; the page checks every one is there.
   */
  exports: ExportName[];
}
/**
 * A refusal or a failure, never an exception across the boundary.
 */
export interface ErrorAnswer {
  ok: false;
  error: ErrorCode;
  /**
   * An English sentence for logs and developers.
   */
  message: string;
}
/**
 * new_game(setup): deals a new game, replacing any game in progress.
 */
export interface NewGameCall {
  request: NewGameRequest;
  answer: NewGameAnswer;
}
/**
 * The setup of a game. The resumed answer gives it back as sent.
 */
export interface NewGameRequest {
  config: GameConfig;
  /**
   * The seat the person plays (pass-and-play: the first person, on screen at the deal); every other seat is a bot unless its level is "human".
   */
  human: SeatIndex;
  /**
   * Every seat in play order, the human's included.
   *
   * @minItems 2
   * @maxItems 6
   */
  seats: Seat[];
}
/**
 * The engine's configuration (engine/config.py make_config). Without a seed the worker draws one and never tells it.
 */
export interface GameConfig {
  preset: Preset;
  players: number;
  seed?: number;
  dealer?: SeatIndex;
  options?: GameOptions;
}
/**
 * The options asked for; the engine fills every one left out (engine.config.describe() lists them with their defaults).
 */
export interface GameOptions {
  deck?: DeckSize;
  /**
   * null: by player count (two decks with six classic players).
   */
  decks?: Decks | null;
  draw?: boolean;
  no_aces?: boolean;
  ascending?: boolean;
  open_challenge?: boolean;
  ending?: Ending;
  hands?: MatchHands;
  keep_rank_after_failed_challenge?: boolean;
  /**
   * null: no limit.
   */
  move_limit?: MoveLimit | null;
}
export interface Seat {
  name: string;
  level: SeatLevel;
  /**
   * A friend plays this seat from another device (docs/worker-protocol.md, "Guests"); level is then its stand-in bot's, which plays it while the friend is away. Never the human's seat nor a "human" one.
   */
  guest?: boolean;
}
/**
 * The table as the human seat may see it, after one action or none.
 */
export interface TableAnswer {
  ok: true;
  /**
   * The seat whose action this answers; null when none acted (a new game, a bot_step with no bot to move).
   */
  actor: SeatIndex | null;
  /**
   * What the action caused, as the human may see it.
   */
  events: GameEvent[];
  view: SeatView;
  /**
   * A bot is to move, or a match's next hand waits to be shown (between_hands): the page calls bot_step() next.
   */
  bot_to_move: boolean;
  seats: Seat[];
  /**
   * The seat on screen, whose view this is: the human's, or in pass-and-play the person who last took the seat.
   */
  human: SeatIndex;
  /**
   * Pass-and-play only: this person is to act but is not on screen (or, after a reload, may not be at the device). The page hides the table behind its privacy screen and calls take_seat() when that person is there.
   */
  pass_to?: SeatIndex;
  /**
   * engine.tracker.track(view, the events the human saw this hand): what the human can know of where each rank's cards are. Built from nothing the human did not see.
   */
  tracker: TrackerReport;
  assisted: Assisted;
  /**
   * Only in an open-challenge window of the seat on screen (Pass allowed, no play): why a call may pay (engine.coach.call_reason: it holds the claimed rank, the counts make the claim a sure bluff, the claim was its author's last cards), or null: auto-pass lets such a window pass.
   */
  call_reason?: "held" | "sure_bluff" | "last_cards" | null;
  /**
   * Only after a bot acted: how long it took to choose, in this worker.
   */
  think_ms?: number;
  /**
   * Only while a match's hand has ended and the next one, dealt already, is not shown yet: that hand's hand_over. The view is the table as the hand ended (nobody to move); the page shows the hand's summary and calls bot_step() once the player goes on, which answers the next hand's deal.
   */
  between_hands?: HandOverEvent;
  /**
   * Only in the answer whose events end a hand (hand_over), and in answers while that hand's summary holds the next deal (between_hands): that hand's review, with every card that was hidden. Never earlier.
   */
  review?: HandReview;
  /**
   * Only in the answer whose events end the game: the review of every hand of the game, as finally played (after any reload or undo).
   */
  reviews?: HandReview[];
  position?: PositionInfo;
  guide?: GuideInfo;
  guests?: GuestAnswers;
  friends?: Friends;
}
export interface DealtEvent {
  type: "dealt";
  hand: number;
  dealer: SeatIndex;
  /**
   * Cards dealt to each seat.
   */
  counts: Count[];
  /**
   * Cards left in the stock.
   */
  stock: Count;
}
export interface RoundOpenedEvent {
  type: "round_opened";
  seat: SeatIndex;
  rank: Rank;
}
export interface PlayedEvent {
  type: "played";
  seat: SeatIndex;
  count: number;
  rank: Rank;
  /**
   * Only in the human's own plays.
   */
  cards?: Card[];
}
export interface PassedEvent {
  type: "passed";
  seat: SeatIndex;
}
export interface ChallengedEvent {
  type: "challenged";
  seat: SeatIndex;
  /**
   * The author of the play called.
   */
  target: SeatIndex;
}
export interface BelievedEvent {
  type: "believed";
  seat: SeatIndex;
  /**
   * The author of the play called.
   */
  target: SeatIndex;
}
export interface RevealedEvent {
  type: "revealed";
  /**
   * The author of the play.
   */
  seat: SeatIndex;
  cards: Card[];
  rank: Rank;
  honest: boolean;
}
export interface TookPileEvent {
  type: "took_pile";
  seat: SeatIndex;
  count: Count;
}
export interface DiscardedEvent {
  type: "discarded";
  seat: SeatIndex;
  cards: Card[];
}
export interface DrewEvent {
  type: "drew";
  seat: SeatIndex;
  count: number;
  /**
   * Only when the human drew.
   */
  cards?: Card[];
}
export interface OutEvent {
  type: "out";
  seat: SeatIndex;
  place: number;
}
export interface HandOverEvent {
  type: "hand_over";
  hand: number;
  reason: HandEndReason;
  ranking: Placing[];
  losers: SeatIndex[];
}
export interface Placing {
  seat: SeatIndex;
  /**
   * 1 is first; equal players share a place.
   */
  place: number;
  /**
   * Cards held at the end of the hand (not in a match's final ranking).
   */
  cards?: Count;
}
/**
 * The game's result (the view's result), as an event.
 */
export interface GameOverEvent {
  type: "game_over";
  reason: GameEndReason;
  ranking: Placing[];
  winner: SeatIndex | null;
  draw: boolean;
  losers: SeatIndex[];
  scores: Count[];
}
/**
 * game.view(human): everything the human seat may know (engine/view.py).
 */
export interface SeatView {
  seat: SeatIndex;
  players: number;
  preset: Preset;
  options: TableOptions;
  /**
   * Sorted by rank, then suit.
   */
  hand: Card[];
  hand_sizes: Count[];
  pile_size: Count;
  stock_size: Count;
  /**
   * Face up, in order.
   */
  discard: Card[];
  /**
   * The fixed rank of the round; null: the opener chooses (always null in ascending mode).
   */
  round_rank: Rank | null;
  /**
   * Ascending mode: the rank the next play must claim (null otherwise).
   */
  next_rank: Rank | null;
  /**
   * The next play opens a round.
   */
  opening: boolean;
  last_play: LastPlay | null;
  revealed: Reveal[];
  /**
   * The one seat that may act now; null when the game is over.
   */
  to_move: SeatIndex | null;
  /**
   * Whose regular turn it is (during a window: who takes it next).
   */
  turn: SeatIndex | null;
  /**
   * Open-challenge window: seats still to be offered a call, the first one acts now.
   */
  window: SeatIndex[];
  /**
   * Finishing order of this hand so far.
   */
  out: SeatIndex[];
  /**
   * Penalty points of a match, by seat.
   */
  scores: Count[];
  hand_number: number;
  dealer: SeatIndex;
  /**
   * Plays and calls this hand.
   */
  moves: Count;
  move_limit: MoveLimit | null;
  over: boolean;
  result: GameResult | null;
  /**
   * What the human may do now; null unless the human is to move.
   */
  legal: Legal | null;
}
/**
 * Every option's value in the game being played (decks resolved).
 */
export interface TableOptions {
  deck: DeckSize;
  decks: Decks;
  draw: boolean;
  no_aces: boolean;
  ascending: boolean;
  open_challenge: boolean;
  ending: Ending;
  hands: MatchHands;
  keep_rank_after_failed_challenge: boolean;
  /**
   * null: no limit.
   */
  move_limit: MoveLimit | null;
}
/**
 * The top play of the pile, its cards unseen.
 */
export interface LastPlay {
  seat: SeatIndex;
  count: number;
  rank: Rank;
  /**
   * It can still be called.
   */
  unresolved: boolean;
}
/**
 * A play turned over this hand, and where its cards went.
 */
export interface Reveal {
  seat: SeatIndex;
  cards: Card[];
  rank: Rank;
  honest: boolean;
  /**
   * The seat that took the pile, the discard heap, or (quick: believed honest last cards) the pile.
   */
  to: SeatIndex | ("discard" | "pile");
}
export interface GameResult {
  reason: GameEndReason;
  ranking: Placing[];
  /**
   * null: a draw (several first places).
   */
  winner: SeatIndex | null;
  draw: boolean;
  losers: SeatIndex[];
  scores: Count[];
}
export interface Legal {
  /**
   * null: the human may not play now.
   */
  play: PlayRule | null;
  challenge: boolean;
  believe: boolean;
  pass: boolean;
}
/**
 * How many cards a play may hold, and the ranks it may claim.
 */
export interface PlayRule {
  min: number;
  max: number;
  /**
   * @minItems 1
   */
  ranks: Rank[];
}
/**
 * The card tracker (docs/protocol.md "Card tracker"): one entry per rank of the deck, lowest first.
 */
export interface TrackerReport {
  seat: SeatIndex;
  ranks: TrackerRank[];
}
export interface TrackerRank {
  rank: Rank;
  /**
   * Copies of the rank in play.
   */
  total: Count;
  mine: Count;
  discard: Count;
  /**
   * The human's own cards of the rank still on the pile.
   */
  pile: Count;
  /**
   * Per seat: cards of the rank it holds for certain (0 for the human's own seat).
   */
  held: Count[];
  unaccounted: Count;
}
/**
 * The end-of-hand review (engine.review, docs/rules.md "Review"): every play with its true cards, every call and its cost, each player's line, the hands at the end.
 */
export interface HandReview {
  hand: number;
  reason: HandEndReason;
  ranking: Placing[];
  losers: SeatIndex[];
  plays: ReviewPlay[];
  calls: ReviewCall[];
  /**
   * One line per seat, in seat order.
   */
  players: ReviewLine[];
  /**
   * Every seat's hand as it stood when the hand ended, in seat order.
   */
  hands: Card[][];
}
export interface ReviewPlay {
  seat: SeatIndex;
  rank: Rank;
  /**
   * @minItems 1
   */
  cards: Card[];
  /**
   * Every card is of the claimed rank.
   */
  honest: boolean;
  /**
   * How the play was called, or null if it never was.
   */
  call: "challenge" | "believe" | null;
}
export interface ReviewCall {
  seat: SeatIndex;
  kind: "challenge" | "believe";
  target: SeatIndex;
  /**
   * Index of the called play in plays.
   */
  play: number;
  /**
   * A challenge of a bluff, or belief in an honest play.
   */
  right: boolean;
  /**
   * Who took the pile, or null (believed honest cards were discarded, or stayed on the pile).
   */
  taker: SeatIndex | null;
  /**
   * Cards the taker took: what the call cost.
   */
  taken: Count;
}
export interface ReviewLine {
  seat: SeatIndex;
  plays: Count;
  bluffs: Count;
  /**
   * Bluffs revealed by a challenge.
   */
  caught: Count;
  calls_won: Count;
  calls_lost: Count;
  /**
   * Cards taken from the pile this hand.
   */
  taken: Count;
}
/**
 * Only at a position: its caption (text, text per language, or a catalog key) and, once the reader has decided, what the decision did (engine.position.explain).
 */
export interface PositionInfo {
  caption:
    | string
    | {
        [k: string]: string | undefined;
      }
    | null;
  explanation?: Explanation;
}
/**
 * engine.position.explain: the reader's decision, the rule that decided (reason), the pile's plays with their true cards, what was turned up, who took the pile, who went out, how the game ended, who acts next.
 */
export interface Explanation {
  seat: SeatIndex;
  decision: "play" | "challenge" | "believe" | "pass";
  reason:
    | "challenge_honest"
    | "challenge_bluff"
    | "believe_honest"
    | "believe_honest_last"
    | "believe_bluff"
    | "played_on"
    | "passed";
  pile: {
    seat: SeatIndex;
    cards: Card[];
    rank: Rank;
    honest: boolean;
  }[];
  revealed: {
    seat: SeatIndex;
    cards: Card[];
    rank: Rank;
    honest: boolean;
  } | null;
  taker: SeatIndex | null;
  count: Count;
  out: SeatIndex[];
  ended: string | null;
  winner: SeatIndex | null;
  next: SeatIndex | null;
  opening: boolean;
  drew: {
    seat: SeatIndex;
    count: Count;
  }[];
}
/**
 * Only in a guided hand (engine.guide): what happened since the player's last decision (notes, oldest first) and the decision the player faces now (step, null when a bot is to move or the hand is over).
 */
export interface GuideInfo {
  rules: Preset;
  /**
   * @maxItems 8
   */
  notes: GuideNote[];
  step: GuideStep | null;
}
/**
 * A call and what it did (engine.position.explain), with only the play turned up: seat called (decision) on author's play; the rule that decided (reason), who took the pile and how many cards, who went out, how the game ended, who acts next.
 */
export interface GuideOutcome {
  kind: "outcome";
  seat: SeatIndex;
  decision: "challenge" | "believe";
  reason: "challenge_honest" | "challenge_bluff" | "believe_honest" | "believe_honest_last" | "believe_bluff";
  author: SeatIndex;
  cards: Card[];
  rank: Rank;
  honest: boolean;
  taker: SeatIndex | null;
  count: Count;
  out: SeatIndex[];
  ended: string | null;
  winner: SeatIndex | null;
  next: SeatIndex | null;
  opening: boolean;
}
/**
 * The player's own play: how many cards, the claim, how many were of the claimed rank (real), the pile after, whether they were the player's last cards.
 */
export interface GuidePlayed {
  kind: "played";
  count: Count;
  rank: Rank;
  real: Count;
  pile: Count;
  last: boolean;
}
/**
 * The player chose otherwise than the coach (engine.coach.advise, asked before the decision): the coach's action and why, and the cards the choice made the player take at once (cost).
 */
export interface GuideCoach {
  kind: "coach";
  action: Action;
  why: Why;
  cost: Count;
}
/**
 * Cards face down, claimed to be of one rank.
 */
export interface PlayAction {
  type: "play";
  /**
   * @minItems 1
   */
  cards: Card[];
  rank: Rank;
}
/**
 * Ne veryu: the last play is turned over.
 */
export interface ChallengeAction {
  type: "challenge";
}
/**
 * Veryu: the last play is turned over, betting it is honest.
 */
export interface BelieveAction {
  type: "believe";
}
/**
 * No call, in an open-challenge window.
 */
export interface PassAction {
  type: "pass";
}
/**
 * honest, bluff (honest of count are real), last_cards: the play's shape; sure_bluff: a call on a sure bluff; leave_call: a sure bluff left to others; likely_lie, likely_true, let_stand: a call or a pass, with the lie chance in percent.
 */
export interface Why {
  code: "honest" | "bluff" | "last_cards" | "sure_bluff" | "leave_call" | "likely_lie" | "likely_true" | "let_stand";
  count?: Count;
  rank?: Rank;
  honest?: Count;
  percent?: number;
}
/**
 * The guided hand is over: who won (null: a shared win) and why.
 */
export interface GuideEnd {
  kind: "end";
  winner: SeatIndex | null;
  reason: GameEndReason;
}
/**
 * engine.guide.decision: open (a new round, any rank), follow (classic: the round's rank, nothing to call), answer (classic: believe, call or play on), call (quick: play on or call), must_call (quick: the claim was its author's last cards), window (open challenge); with the claim's author, count and rank, and the pile's size.
 */
export interface GuideStep {
  kind: "open" | "follow" | "answer" | "call" | "must_call" | "window";
  seat?: SeatIndex;
  count?: Count;
  rank?: Rank;
  pile: Count;
}
/**
 * Only in a game with guest seats: for each guest seat (its number as the key), that seat's own answer for the same step, which the host's page forwards to that friend's device as it is.
 */
export interface GuestAnswers {
  [k: string]: GuestAnswer | undefined;
}
/**
 * The table as one guest seat may see it, built as the host's own table answer is for its seat on screen: never another seat's cards, and nothing of the host's own (guide, position, thinking time, hand-off, setup).
 */
export interface GuestAnswer {
  ok: true;
  /**
   * The seat whose action this answers; null when none acted.
   */
  actor: SeatIndex | null;
  /**
   * What the step caused, as this seat may see it (visible_events).
   */
  events: GameEvent[];
  /**
   * game.view(human); while a match's next hand waits, the table as the hand ended.
   */
  view: SeatView;
  /**
   * Someone else is to move (or this seat's stand-in, while away), or a match's next hand waits to be shown: the friend's device waits for the next answer.
   */
  bot_to_move: boolean;
  seats: Seat[];
  /**
   * The guest seat this answer is for.
   */
  human: SeatIndex;
  /**
   * engine.tracker.track(view, the events this seat saw this hand).
   */
  tracker: TrackerReport;
  assisted: Assisted;
  /**
   * Only in an open-challenge window of this seat, as in TableAnswer.
   */
  call_reason?: "held" | "sure_bluff" | "last_cards" | null;
  /**
   * As in TableAnswer: the hand_over whose summary holds the next deal.
   */
  between_hands?: HandOverEvent;
  /**
   * As in TableAnswer: only with the end of a hand, or with between_hands.
   */
  review?: HandReview;
  /**
   * As in TableAnswer: only in the answer whose events end the game.
   */
  reviews?: HandReview[];
  friends: Friends;
  /**
   * Only when drawn again (guest_view(), resume()): the events this seat saw so far (the last thousand).
   */
  log?: GameEvent[];
  /**
   * Only when drawn again: who moved first, for the log's opening line.
   */
  first?: SeatIndex | null;
}
/**
 * Only in a game with guest seats: the seats friends play from other devices, and those whose stand-in bot plays now (away).
 */
export interface Friends {
  guests: SeatIndex[];
  away: SeatIndex[];
}
/**
 * new_position(request): sets up a position (docs/positions.md) in place of any game in progress; never saved. The bots play until the reader decides, then the table holds still with the explanation.
 */
export interface NewPositionCall {
  request: NewPositionRequest;
  answer: NewGameAnswer;
}
/**
 * A position: the link's text (after #position=) or the position object (engine/position.py), and the bots' level.
 */
export interface NewPositionRequest {
  position: string | {};
  level?: BotLevel;
}
/**
 * new_guide(request): deals the guided first hand of a rule system (docs/guide.md) in place of any game in progress; a game like any other, saved and resumed.
 */
export interface NewGuideCall {
  request: NewGuideRequest;
  answer: NewGameAnswer;
}
/**
 * The rule system whose guided first hand to deal (engine/guide.py).
 */
export interface NewGuideRequest {
  rules: Preset;
}
/**
 * act(action): the human seat's action.
 */
export interface ActCall {
  request: Action;
  answer: ActAnswer;
}
/**
 * bot_step(): the bot to move acts once; the page paces these calls.
 */
export interface BotStepCall {
  answer: BotStepAnswer;
}
/**
 * resume(options?): the game saved before a reload, if any.
 */
export interface ResumeCall {
  request?: ResumeRequest;
  answer: ResumeAnswer;
}
export interface ResumeRequest {
  /**
   * The IndexedDB key the page saves under ("current"; the embed page "embed"). Later saves go there too.
   */
  slot?: string;
}
/**
 * A table answer for the game restored from the save, with what the page needs to write its log again.
 */
export interface ResumedTable {
  ok: true;
  actor: null;
  /**
   * Always empty: nothing was done.
   *
   * @maxItems 0
   */
  events: GameEvent[];
  view: SeatView;
  bot_to_move: boolean;
  seats: Seat[];
  /**
   * The seat on screen, whose view this is: the human's, or in pass-and-play the person who last took the seat.
   */
  human: SeatIndex;
  /**
   * Pass-and-play only: this person is to act but is not on screen (or, after a reload, may not be at the device). The page hides the table behind its privacy screen and calls take_seat() when that person is there.
   */
  pass_to?: SeatIndex;
  /**
   * engine.tracker.track(view, the events the human saw this hand): what the human can know of where each rank's cards are. Built from nothing the human did not see.
   */
  tracker: TrackerReport;
  assisted: Assisted;
  /**
   * Only in an open-challenge window of the seat on screen (Pass allowed, no play): why a call may pay (engine.coach.call_reason: it holds the claimed rank, the counts make the claim a sure bluff, the claim was its author's last cards), or null: auto-pass lets such a window pass.
   */
  call_reason?: "held" | "sure_bluff" | "last_cards" | null;
  /**
   * Only while a match's hand has ended and the next one, dealt already, is not shown yet: that hand's hand_over. The view is the table as the hand ended (nobody to move); the page shows the hand's summary and calls bot_step() once the player goes on, which answers the next hand's deal.
   */
  between_hands?: HandOverEvent;
  /**
   * Only with between_hands: the review of the hand whose summary is drawn again.
   */
  review?: HandReview;
  /**
   * The events the human saw so far (the last thousand).
   */
  log: GameEvent[];
  /**
   * Who moved first, for the log's opening line.
   */
  first: SeatIndex | null;
  setup: NewGameRequest;
  guide?: GuideInfo;
  guests?: GuestAnswers;
  friends?: Friends;
}
/**
 * forget(): drops the game in progress and its saved copy.
 */
export interface ForgetCall {
  answer: ForgetAnswer;
}
export interface Forgotten {
  ok: true;
}
/**
 * undo(): takes back the human's last decision and every bot move after it, by replaying the action log up to it (the bots choose again from their seeds).
 */
export interface UndoCall {
  answer: UndoAnswer;
}
/**
 * coach(): the coach's advice before the human's decision (engine.coach); the game counts as played with the coach from then on.
 */
export interface CoachCall {
  answer: CoachAnswer;
}
/**
 * engine.coach.advise over the human's view and the events the human saw: sure facts, the chance the last claim is a lie, and the Expert's suggestion with one reason. Codes and numbers; the page words them.
 */
export interface Advice {
  ok: true;
  /**
   * How many moves the game has had: the advice is for the position after them.
   */
  move: Count;
  facts: CoachFact[];
  suggestion: Suggestion;
}
/**
 * Of the rank in play the human holds mine, the discard heap discard, the pile pile known cards: no other player can hold more than limit, so a claim of limit + 1 or more is a sure bluff.
 */
export interface BoundFact {
  code: "bound";
  rank: Rank;
  total: Count;
  decks: Decks;
  mine: Count;
  discard: Count;
  pile: Count;
  limit: Count;
}
/**
 * The last claim is more cards of its rank than its author can have held: a lie, whatever the hidden cards.
 */
export interface SureBluffFact {
  code: "sure_bluff";
  seat: SeatIndex;
  count: Count;
  rank: Rank;
  limit: Count;
}
/**
 * The chance in percent, from the counts alone (the bots' estimate), that the author of the last claim did not hold the cards it claims.
 */
export interface LieChanceFact {
  code: "lie_chance";
  seat: SeatIndex;
  count: Count;
  rank: Rank;
  percent: number;
}
/**
 * The Expert's action (seeded from the game's seed and the move number) and why, in one code.
 */
export interface Suggestion {
  action: Action;
  why: Why;
}
/**
 * take_seat(): pass-and-play, the person to act is at the device (the page's privacy screen); the table is answered for that seat from now on. With a bot to move or that person already on screen, the table as it is.
 */
export interface TakeSeatCall {
  answer: TakeSeatAnswer;
}
/**
 * replay_link(): the replay link of the game at the table (finished or not), docs/embedding.md "Replays". Changes nothing.
 */
export interface ReplayLinkCall {
  answer: ReplayLinkAnswer;
}
export interface ReplayLink {
  ok: true;
  /**
   * engine.replay.link: what follows #replay= in the page's address.
   */
  link: string;
}
/**
 * open_replay(request): decodes a replay link and plays it through the rules; the viewer starts at step 0. The game at the table and its save are not touched.
 */
export interface OpenReplayCall {
  request: OpenReplayRequest;
  answer: ReplayAnswer;
}
export interface OpenReplayRequest {
  link: string;
}
/**
 * The replay at one step, seen from one seat (or with every hand open).
 */
export interface ReplayTable {
  ok: true;
  step: number;
  /**
   * Actions in the replay (its last step).
   */
  steps: number;
  /**
   * The seat it is seen from (the table's bottom seat).
   */
  human: SeatIndex;
  open: boolean;
  /**
   * game.view(human) at this step.
   */
  view: SeatView;
  /**
   * The events of the steps after from, up to step: as the seat saw them, or all of them with every card when open.
   */
  events: GameEvent[];
  /**
   * Every seat's hand when open; null otherwise.
   */
  hands: Card[][] | null;
  seats: Seat[];
  /**
   * The seat of the player who shared the game, if the link says.
   */
  sharer: SeatIndex | null;
  /**
   * Who moved first, for the log's opening line.
   */
  first: SeatIndex;
}
/**
 * replay_step(request): the replay open in the worker at another step or from another seat.
 */
export interface ReplayStepCall {
  request: ReplayStepRequest;
  answer: ReplayAnswer;
}
export interface ReplayStepRequest {
  /**
   * Actions played since the deal; held to 0 … steps.
   */
  step: number;
  /**
   * Whose view: their hand, and the events as they saw them.
   */
  seat: SeatIndex;
  /**
   * Every hand shown, and every event with its cards.
   */
  open: boolean;
  /**
   * The events of the steps after this one up to step (0: the whole log again); the step before when absent.
   */
  from?: number;
}
/**
 * guest_act(request): the action of the friend who plays a guest seat from another device (docs/worker-protocol.md, "Guests"); the host's page passes it on.
 */
export interface GuestActCall {
  request: GuestActRequest;
  answer: GuestActAnswer;
}
export interface GuestActRequest {
  /**
   * The guest seat the friend plays.
   */
  seat: SeatIndex;
  action: Action;
}
/**
 * seat_away(request): a guest seat goes to its stand-in bot (away) or back to its friend. Not saved: a resumed game has nobody away.
 */
export interface SeatAwayCall {
  request: SeatAwayRequest;
  answer: SeatAwayAnswer;
}
export interface SeatAwayRequest {
  /**
   * The guest seat.
   */
  seat: SeatIndex;
  /**
   * true: its stand-in plays it; false: its friend again.
   */
  away: boolean;
}
/**
 * guest_view(request): a guest seat's whole table drawn again, for a friend who joins or comes back. Changes nothing.
 */
export interface GuestViewCall {
  request: GuestViewRequest;
  answer: GuestViewAnswer;
}
export interface GuestViewRequest {
  /**
   * The guest seat.
   */
  seat: SeatIndex;
}
