/* The scorer on the phone: provisional scores, totals, opening minimums and the match's end,
 * computed from a rule set published by the server (scorekeeper/rules/publish.py) and hands in the
 * API's shape. It mirrors scorekeeper/rules/scoring.py and match.py line for line and holds no rule
 * number of its own; tests/browser/test_scorer.py holds it to the Python engine.
 */
(function (root) {
  "use strict";

  var FORMAT = 3;
  var CUSTOM = "custom";

  function find(items, code) {
    for (var i = 0; i < items.length; i++) {
      if (items[i].code === code) { return items[i]; }
    }
    throw new Error("unknown code " + code);
  }

  function tallyCanastas(rs, side) {
    var plain = 0, escalas = 0, plainBonus = 0, escalaBonus = 0;
    Object.keys(side.canastas || {}).forEach(function (code) {
      var n = side.canastas[code], kind = find(rs.canasta_kinds, code);
      if (kind.escala) { escalas += n; escalaBonus += kind.points * n; }
      else { plain += n; plainBonus += kind.points * n; }
    });
    return {
      plain: plain, escalas: escalas, bonus: plainBonus + (plain ? escalaBonus : 0),
      counted: plain + (plain ? escalas : 0)
    };
  }

  function redThreeValue(rule, n) {
    var table = rule.table || [];
    if (table.length) {
      if (n <= table.length) { return n > 0 ? table[n - 1] : 0; }
      return table[table.length - 1] + rule.per_card * (n - table.length);
    }
    if (n >= rule.full_set_size) { return rule.full_set_value + rule.per_card * (n - rule.full_set_size); }
    return rule.per_card * n;
  }

  /** The step of the sign table for ``canastas`` canastas, or null when the rule set has none. */
  function signStep(rs, canastas) {
    var best = null;
    (rs.signs_by_canastas || []).forEach(function (step) {
      if (step.min_canastas <= canastas && (best === null || step.min_canastas > best.min_canastas)) { best = step; }
    });
    return best;
  }

  /** ``value`` times a sign of 1, 0 or -1, never -0 (which Intl.NumberFormat writes "-0"). */
  function signed(value, sign) {
    if (sign > 0) { return value; }
    return sign < 0 ? 0 - value : 0;
  }

  function redThrees(rs, side, tally) {
    var rule = rs.red_threes, met;
    var value = redThreeValue(rule, side.red_threes || 0) + (rule.black_threes ? redThreeValue(rule, side.black_threes || 0) : 0);
    var step = signStep(rs, tally.counted);
    if (step) { return signed(value, step.threes); }
    if (rule.condition === "opened") { met = side.melds > 0 || tally.plain + tally.escalas > 0; }
    else { met = tally.counted >= rule.min_canastas; }
    return met ? value : 0 - value;
  }

  function specials(rs, side, tally) {
    var points = 0, best = null;
    rs.flags.forEach(function (flag) {
      if (side[flag.code] === true) {
        points += flag.negative_without_canasta && !tally.counted ? 0 - flag.points : flag.points;
      }
    });
    rs.many_canastas.forEach(function (tier) {
      if (tally.counted >= tier.min_canastas && (best === null || tier.min_canastas > best.min_canastas)) {
        best = tier;
      }
    });
    return points + (best ? best.points : 0);
  }

  function penalties(rs, side) {
    var points = 0;
    (side.penalties || []).forEach(function (entry) {
      var each = entry.code === CUSTOM ? (entry.points || 0) : find(rs.penalties, entry.code).points;
      points += each * (entry.count === undefined ? 1 : entry.count);
    });
    return 0 - points;  // never -0, which Intl.NumberFormat writes "-0"
  }

  /** Side ``index``'s breakdown in ``hand``: the seven lines and their total. */
  function scoreSide(rs, hand, index) {
    var side = hand.sides[index], tally = tallyCanastas(rs, side), melds = side.melds || 0;
    var step = signStep(rs, tally.counted);
    if (step) { melds = signed(melds, step.melds); }
    else if (rs.melds_negative_without_canasta && !tally.counted) { melds = 0 - melds; }
    if (rs.melds_only_went_out && hand.went_out !== null && hand.went_out !== undefined && hand.went_out !== index) {
      melds = 0;
    }
    var kind = hand.went_out === index && hand.going_out_kind ? find(rs.going_out_kinds, hand.going_out_kind) : null;
    var goingOut = kind ? kind.points : 0;
    var b = {
      melds: melds, hand: 0 - (side.hand || 0), canastas: tally.bonus,
      // A special hand scores its value alone: the side's threes are not counted.
      red_threes: kind && kind.special ? 0 : redThrees(rs, side, tally),
      going_out: goingOut, specials: specials(rs, side, tally), penalties: penalties(rs, side)
    };
    b.total = b.melds + b.hand + b.canastas + b.red_threes + b.going_out + b.specials + b.penalties;
    return b;
  }

  function scoreHand(rs, hand) {
    return hand.sides.map(function (_, i) { return scoreSide(rs, hand, i); });
  }

  /** Points a side with cumulative ``total`` needs for its first meld in hand number ``hand``: by
   * ``opening_by_hand`` when the match has it (the last for later hands), else by the bands. */
  function openingMinimum(rs, total, hand) {
    var best = null, i, band, byHand = rs.opening_by_hand || [];
    if (byHand.length) { return byHand[Math.min(Math.max(hand || 1, 1), byHand.length) - 1]; }
    for (i = 0; i < rs.opening_bands.length; i++) {
      band = rs.opening_bands[i];
      if (band.from === null) {
        if (total < 0) { return band.minimum; }
      } else if (band.from <= total && (best === null || band.from > best.from)) {
        best = band;
      }
    }
    return best ? best.minimum : 0;
  }

  function winsAtOnce(rs, hand) {
    var winning = rs.canasta_kinds.filter(function (k) { return k.wins_match; }).map(function (k) { return k.code; });
    var sides = [];
    hand.sides.forEach(function (side, i) {
      if (winning.some(function (code) { return (side.canastas || {})[code] > 0; })) { sides.push(i); }
    });
    // A way of going out that wins the match (American Canasta's Dream Hands) wins it for the side that went out.
    var kind = hand.went_out !== null && hand.went_out !== undefined && hand.going_out_kind
      ? find(rs.going_out_kinds, hand.going_out_kind) : null;
    if (kind && kind.wins_match && sides.indexOf(hand.went_out) < 0) { sides.push(hand.went_out); }
    return sides;
  }

  /** The winner's index after ``hand`` with these ``totals``, or null while play goes on. */
  function decide(rs, target, totals, hand) {
    var contenders = winsAtOnce(rs, hand);
    if (!contenders.length && Math.max.apply(null, totals) >= target) {
      contenders = totals.map(function (_, i) { return i; });
    }
    if (!contenders.length) { return null; }
    var ranked = contenders.slice().sort(function (a, b) { return totals[b] - totals[a] || a - b; });
    if (ranked.length > 1 && totals[ranked[0]] === totals[ranked[1]]) { return null; }
    return ranked[0];
  }

  /** The side with the highest total, or null when two share it (a draw). */
  function leader(totals) {
    var top = Math.max.apply(null, totals);
    var sides = totals.map(function (_, i) { return i; }).filter(function (i) { return totals[i] === top; });
    return sides.length === 1 ? sides[0] : null;
  }

  /** Score ``hands`` in order for a match of ``sides`` sides: every hand's result and the state.
   * After hand ``rs.hands_limit`` the match ends (equal top totals: a draw, ``winner`` null);
   * ``settled`` (the organiser closed the round): it ends after these hands as it stands. */
  function foldMatch(rs, target, sides, hands, settled) {
    if (rs.format !== FORMAT) { throw new Error("rule set format " + rs.format + " is not " + FORMAT); }
    var totals = [], results = [], winner = null, finished = false, endsNow, i;
    for (i = 0; i < sides; i++) { totals.push(0); }
    hands.forEach(function (hand, index) {
      var number = index + 1;
      if (finished) { throw new Error("the match ended with hand " + (number - 1)); }
      var breakdown = scoreHand(rs, hand);
      var after = totals.map(function (t, j) { return t + breakdown[j].total; });
      results.push({
        number: hand.number, breakdown: breakdown, scores: breakdown.map(function (b) { return b.total; }),
        totals_before: totals, totals_after: after,
        opening_minimums_before: totals.map(function (t) { return openingMinimum(rs, t, number); })
      });
      totals = after;
      winner = decide(rs, target, totals, hand);
      finished = winner !== null || (rs.hands_limit !== null && rs.hands_limit !== undefined &&
        number >= rs.hands_limit);
      if (finished && winner === null) { winner = leader(totals); }
    });
    endsNow = Boolean(settled) && !finished;
    if (endsNow) { finished = true; winner = leader(totals); }
    return {
      hands: results, totals: totals,
      opening_minimums: totals.map(function (t) { return openingMinimum(rs, t, results.length + 1); }),
      finished: finished, winner: winner, settled: endsNow
    };
  }

  root.Scorer = {
    FORMAT: FORMAT, scoreSide: scoreSide, scoreHand: scoreHand, openingMinimum: openingMinimum,
    decide: decide, leader: leader, foldMatch: foldMatch
  };
})(typeof self !== "undefined" ? self : this);
