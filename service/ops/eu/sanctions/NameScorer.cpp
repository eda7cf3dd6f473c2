#include "NameScorer.h"

#include "NameNormalizer.h"

#include <algorithm>
#include <array>
#include <vector>

namespace ades::eu {

namespace {

constexpr double kUnmatchedCandidateWeight = 0.25;
constexpr double kUnmatchedCandidateWeightAfterTitle = 0.1;
constexpr double kConflictingPartWeight = 1.0;

int editBudget(qsizetype length)
{
    if (length <= 3)
        return 0;
    if (length <= 5)
        return 1;
    if (length <= 9)
        return 2;
    return 3;
}

QString skeletonOf(const NameScorer::Token &t)
{
    return t.skeleton.isEmpty() ? NameNormalizer::skeletonKey(t.text, t.writing) : t.skeleton;
}

QString syllableOf(const NameScorer::Token &t)
{
    return t.syllable.isEmpty() ? NameNormalizer::syllableKey(t.text) : t.syllable;
}

QString soundOf(const NameScorer::Token &t)
{
    return t.sound.isEmpty() ? NameNormalizer::soundKey(t.text) : t.sound;
}

bool isPlainVowel(QChar c)
{
    return c == u'a' || c == u'e' || c == u'i' || c == u'o' || c == u'u';
}

// Whether the transcription writes the spelling's first vowel as its first or second vowel.
bool keepsFirstVowel(const QString &transcribed, const QString &spelt)
{
    const auto first = std::find_if(spelt.cbegin(), spelt.cend(), isPlainVowel);
    if (first == spelt.cend())
        return true; // nothing to compare
    int seen = 0;
    for (const QChar c : transcribed) {
        if (!isPlainVowel(c))
            continue;
        if (c == *first)
            return true;
        if (++seen == 2)
            return false;
    }
    return false;
}

// A transcription's sound key (NameNormalizer::soundKey) against a spelling's, as evidence that both name one
// person. The key of a short name is shared by many ("ptn": Putin, Patino, Bodin), so it supports a match of
// the whole name rather than making one. A transcription may lose a consonant of the spelling, never gain
// one: the v of "Vladimir" in ウラジーミル (Japanese begins no syllable with "vl"), the final r of
// "Alexander" in 亚历山大; so a spelt key of five kinds or more may have one kind more than the transcribed
// one.
double soundSimilarity(const QString &transcribed, const QString &spelt)
{
    if (transcribed.size() < 2 || spelt.size() < 2)
        return 0.0;
    if (transcribed == spelt)
        return transcribed.size() >= 3 ? 0.85 : 0.5;
    if (spelt.size() >= 5 && transcribed.size() == spelt.size() - 1) {
        for (qsizetype i = 0; i < spelt.size(); ++i)
            if (QStringView(spelt).left(i) == QStringView(transcribed).left(i)
                && QStringView(spelt).mid(i + 1) == QStringView(transcribed).mid(i))
                return 0.75;
    }
    return 0.0;
}

// Lithuanian and Latvian give a foreign name their nominative ending: after the name ("Putinas", "Putins",
// "Lavrovas") or, for a name ending in -i/-y, in place of that letter ("Zelenskis", "Juris").
bool balticEnding(QStringView longer, QStringView name)
{
    const qsizetype extra = longer.size() - name.size();
    if (extra < 1 || extra > 2 || name.size() < 4)
        return false;
    QStringView stem = name;
    if (!longer.startsWith(stem)) {
        if (!name.endsWith(u'i') && !name.endsWith(u'y'))
            return false;
        stem = name.chopped(1);
        if (!longer.startsWith(stem))
            return false;
    }
    const QStringView ending = longer.mid(stem.size());
    return ending == u"as" || ending == u"is" || ending == u"us" || ending == u"ys" || ending == u"s";
}

QString joined(const QList<NameScorer::Token> &tokens)
{
    QString s;
    for (const NameScorer::Token &t : tokens)
        s.append(t.text);
    return s;
}

} // namespace

NameScorer::Token NameScorer::withKeys(Token token)
{
    token.skeleton = NameNormalizer::skeletonKey(token.text, token.writing);
    token.syllable = NameNormalizer::syllableKey(token.text);
    token.sound = NameNormalizer::soundKey(token.text);
    token.form = NameNormalizer::comparisonForm(token.text);
    return token;
}

double NameScorer::jaroWinkler(QStringView a, QStringView b)
{
    if (a == b)
        return a.isEmpty() ? 0.0 : 1.0;
    const qsizetype la = a.size();
    const qsizetype lb = b.size();
    if (la == 0 || lb == 0)
        return 0.0;
    const qsizetype window = std::max<qsizetype>(0, std::max(la, lb) / 2 - 1);
    // Match flags on the stack for name-sized strings: this runs for every token pair a query compares.
    constexpr qsizetype kStack = 64;
    std::array<char, kStack> stackA {};
    std::array<char, kStack> stackB {};
    std::vector<char> heapA;
    std::vector<char> heapB;
    char *ma = stackA.data();
    char *mb = stackB.data();
    if (la > kStack || lb > kStack) {
        heapA.assign(size_t(la), 0);
        heapB.assign(size_t(lb), 0);
        ma = heapA.data();
        mb = heapB.data();
    }
    qsizetype matches = 0;
    for (qsizetype i = 0; i < la; ++i) {
        const qsizetype lo = std::max<qsizetype>(0, i - window);
        const qsizetype hi = std::min(lb - 1, i + window);
        for (qsizetype j = lo; j <= hi; ++j) {
            if (!mb[size_t(j)] && a[i] == b[j]) {
                ma[size_t(i)] = mb[size_t(j)] = 1;
                ++matches;
                break;
            }
        }
    }
    if (matches == 0)
        return 0.0;
    qsizetype transpositions = 0;
    qsizetype k = 0;
    for (qsizetype i = 0; i < la; ++i) {
        if (!ma[size_t(i)])
            continue;
        while (!mb[size_t(k)])
            ++k;
        if (a[i] != b[k])
            ++transpositions;
        ++k;
    }
    const double m = double(matches);
    const double jaro = (m / double(la) + m / double(lb) + (m - double(transpositions) / 2.0) / m) / 3.0;
    qsizetype prefix = 0;
    while (prefix < 4 && prefix < la && prefix < lb && a[prefix] == b[prefix])
        ++prefix;
    return jaro + double(prefix) * 0.1 * (1.0 - jaro);
}

int NameScorer::levenshtein(QStringView a, QStringView b)
{
    // Optimal string alignment: two swapped neighbours ("Adbul" / "Abdul", "Emna" / "Mena") are one typing
    // error, not two. Three rows on the stack for name-sized strings; the heap only for long ones.
    constexpr qsizetype kStack = 128;
    int stackRows[3][kStack];
    std::vector<int> heapRows;
    int *before = stackRows[0];
    int *prev = stackRows[1];
    int *cur = stackRows[2];
    if (b.size() + 1 > kStack) {
        heapRows.resize(size_t(3 * (b.size() + 1)));
        before = heapRows.data();
        prev = heapRows.data() + b.size() + 1;
        cur = heapRows.data() + 2 * (b.size() + 1);
    }
    for (qsizetype j = 0; j <= b.size(); ++j)
        prev[j] = int(j);
    for (qsizetype i = 1; i <= a.size(); ++i) {
        cur[0] = int(i);
        for (qsizetype j = 1; j <= b.size(); ++j) {
            const int cost = a[i - 1] == b[j - 1] ? 0 : 1;
            cur[j] = std::min({ prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost });
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
                cur[j] = std::min(cur[j], before[j - 2] + 1);
        }
        std::swap(before, prev);
        std::swap(prev, cur);
    }
    return prev[b.size()];
}

int NameScorer::levenshtein(QStringView a, QStringView b, int maxDistance)
{
    // As levenshtein(), computing only the diagonal band the bound allows and stopping once a whole row is
    // beyond it: the concatenated-name comparison allows at most 3 edits on strings of 20-40 letters.
    if (qAbs(a.size() - b.size()) > maxDistance)
        return maxDistance + 1;
    constexpr int kFar = 1 << 20;
    const qsizetype width = b.size() + 1;
    std::vector<int> rows(size_t(3 * width), kFar);
    int *before = rows.data();
    int *prev = rows.data() + width;
    int *cur = rows.data() + 2 * width;
    for (qsizetype j = 0; j <= std::min<qsizetype>(b.size(), maxDistance); ++j)
        prev[j] = int(j);
    for (qsizetype i = 1; i <= a.size(); ++i) {
        const qsizetype from = std::max<qsizetype>(1, i - maxDistance);
        const qsizetype to = std::min<qsizetype>(b.size(), i + maxDistance);
        std::fill(cur, cur + width, kFar);
        if (i <= maxDistance)
            cur[0] = int(i);
        int rowBest = cur[0];
        for (qsizetype j = from; j <= to; ++j) {
            const int cost = a[i - 1] == b[j - 1] ? 0 : 1;
            int d = std::min({ prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost });
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
                d = std::min(d, before[j - 2] + 1);
            cur[j] = d;
            rowBest = std::min(rowBest, d);
        }
        if (rowBest > maxDistance)
            return maxDistance + 1;
        std::swap(before, prev);
        std::swap(prev, cur);
    }
    return std::min(prev[b.size()], maxDistance + 1);
}

double NameScorer::tokenSimilarity(const Token &q, const Token &c)
{
    using Writing = ScriptTransliterator::Writing;
    if (q.text == c.text)
        return 1.0;
    // An initial stands for any name with that first letter, but proves little.
    if (q.text.size() == 1 || c.text.size() == 1)
        return q.text.at(0) == c.text.at(0) ? 0.7 : 0.0;
    if (q.writing == Writing::Transcribed || c.writing == Writing::Transcribed) {
        // A transcription meets spellings and other transcriptions, never a Chinese syllable or an
        // unvocalised spelling (those come from writings that keep other things).
        const auto comparable
            = [](Writing w) { return w == Writing::Alphabetic || w == Writing::Transcribed; };
        if (!comparable(q.writing) || !comparable(c.writing))
            return 0.0;
        if (q.writing == c.writing) // two transcriptions: nothing lost between them
            return soundOf(q) == soundOf(c) && soundOf(q).size() >= 3 ? 0.85 : 0.0;
        const Token &transcribed = q.writing == Writing::Transcribed ? q : c;
        const Token &spelt = q.writing == Writing::Transcribed ? c : q;
        const QString key = soundOf(transcribed);
        const double sim = soundSimilarity(key, soundOf(spelt));
        // Three kinds of consonant or fewer are shared by many names ("lpk": Ripika, Rabah); there the vowels
        // decide, as far as a transcription keeps them: it writes the spelling's first vowel, after at most
        // one vowel it inserted to break an opening cluster (Prigozhin プリゴジン "purigojin").
        if (sim > 0.0 && key.size() <= 3 && !keepsFirstVowel(transcribed.text, spelt.text))
            return 0.0;
        return sim;
    }
    if (q.writing == Writing::Syllabic || c.writing == Writing::Syllabic) {
        // One syllable is one morpheme: another letter is another name, another romanisation is not.
        return syllableOf(q) == syllableOf(c) ? 0.9 : 0.0;
    }
    if (q.writing == Writing::Unvocalised || c.writing == Writing::Unvocalised) {
        // Two unvocalised spellings differ in a consonant or a long vowel: another name (Husayn / Husayni).
        if (q.writing == c.writing)
            return 0.0;
        QString a = skeletonOf(q);
        if (a != skeletonOf(c)) {
            // A w inside the unvocalised spelling may be the consonant v (Parviz / Pervez).
            const Token &u = q.writing == Writing::Unvocalised ? q : c;
            const Token &l = q.writing == Writing::Unvocalised ? c : q;
            if (u.text.indexOf(u'w', 1) < 0)
                return 0.0;
            a = skeletonOf(l);
            if (!NameNormalizer::skeletonReadings(u.text).contains(a))
                return 0.0;
        }
        // A two-letter skeleton ("bs" for Bush and Weiss) is shared by many names, one letter by most: it
        // supports a match but cannot make one.
        return a.size() >= 3 ? 0.85 : (a.size() == 2 ? 0.5 : 0.0);
    }
    const qsizetype shorter = std::min(q.text.size(), c.text.size());
    const qsizetype longer = std::max(q.text.size(), c.text.size());
    if (shorter <= 3) {
        // No edits on short tokens; only spelling variants of one skeleton with the same first and last
        // letter ("aly" / "ali", "abd" / "abed") count.
        auto yi = [](QChar c) { return c == u'y' ? QChar(u'i') : c; };
        const bool sameEnds
            = yi(q.text.front()) == yi(c.text.front()) && yi(q.text.back()) == yi(c.text.back());
        return q.phonetic == c.phonetic && longer <= 4 && sameEnds ? 0.75 : 0.0;
    }
    // Two patronymics are as alike as the fathers' names in them ("Volodymyrovych" / "Vladimirovich").
    // Fathers' names with different first letters are different names: only the rest are compared.
    if (q.text.front() == c.text.front() && QStringView(q.text).right(4) == QStringView(c.text).right(4)) {
        const QString qStem = NameNormalizer::patronymicStem(q.text);
        const QString cStem = qStem.isEmpty() ? QString() : NameNormalizer::patronymicStem(c.text);
        if (!cStem.isEmpty())
            return tokenSimilarity(Token { qStem, NameNormalizer::phoneticKey(qStem), q.weight, q.writing },
                Token { cStem, NameNormalizer::phoneticKey(cStem), c.weight, c.writing });
    }
    // Compared in the spelling that writes each sound one way (Juri / Yury, Medwedew / Medvedev).
    const QString qForm = q.form.isEmpty() ? NameNormalizer::comparisonForm(q.text) : QString();
    const QString cForm = c.form.isEmpty() ? NameNormalizer::comparisonForm(c.text) : QString();
    const QString &a = q.form.isEmpty() ? qForm : q.form;
    const QString &b = c.form.isEmpty() ? cForm : c.form;
    if (a == b)
        return 0.95;
    // A name with a Lithuanian or Latvian nominative ending is the name ("Sergejus" / "Sergey").
    if (balticEnding(a, b) || balticEnding(b, a))
        return 0.9;
    const int dist = levenshtein(a, b);
    const double ratio = 1.0 - double(dist) / double(std::max(a.size(), b.size()));
    const double jw = jaroWinkler(a, b);
    double sim = 0.5 * jw + 0.5 * ratio;
    if (dist > editBudget(std::min(a.size(), b.size())))
        sim *= 0.6;
    // Transliteration variants (Mohammed/Muhammad, Sergei/Sergey) share the consonant skeleton. In a short
    // name the vowels carry the identity (Tara / Thura, Yang / Yong): the skeleton decides from five letters.
    if (q.phonetic == c.phonetic && jw >= 0.75 && shorter >= 5)
        sim = std::max(sim, 0.9);
    return sim;
}

double NameScorer::nameSimilarity(
    const QList<Token> &query, const QList<Token> &candidate, Reference reference)
{
    std::vector<double> sims(size_t(query.size() * candidate.size()));
    for (qsizetype i = 0; i < query.size(); ++i)
        for (qsizetype j = 0; j < candidate.size(); ++j)
            sims[size_t(i * candidate.size() + j)] = tokenSimilarity(query[i], candidate[j]);
    return nameSimilarity(query, candidate, sims, reference);
}

double NameScorer::nameSimilarity(const QList<Token> &query, const QList<Token> &candidate,
    const std::vector<double> &sims, Reference reference)
{
    if (query.isEmpty() || candidate.isEmpty())
        return 0.0;
    const qsizetype nq = query.size();
    const qsizetype nc = candidate.size();
    std::vector<char> usedQ(size_t(nq), 0);
    std::vector<char> usedC(size_t(nc), 0);
    std::vector<qsizetype> pairOf(size_t(nq), -1);
    double matched = 0.0;
    for (;;) {
        double best = 0.0;
        qsizetype bi = -1;
        qsizetype bj = -1;
        for (qsizetype i = 0; i < nq; ++i) {
            if (usedQ[size_t(i)])
                continue;
            for (qsizetype j = 0; j < nc; ++j) {
                if (!usedC[size_t(j)] && sims[size_t(i * nc + j)] > best) {
                    best = sims[size_t(i * nc + j)];
                    bi = i;
                    bj = j;
                }
            }
        }
        if (bi < 0 || best < 0.5)
            break;
        usedQ[size_t(bi)] = usedC[size_t(bj)] = 1;
        pairOf[size_t(bi)] = bj;
        matched += best * std::max(query[bi].weight, candidate[bj].weight);
    }
    double queryWeight = 0.0;
    for (qsizetype i = 0; i < nq; ++i)
        queryWeight += pairOf[size_t(i)] >= 0 ? std::max(query[i].weight, candidate[pairOf[size_t(i)]].weight)
                                              : query[i].weight;
    // A candidate part the query leaves out costs little (names are often shortened); when the query has a
    // name part of its own in its place, the two names disagree there and the candidate's part costs as
    // much as the query's ("Ali Saddam Hussein al-Rawi" is not "Ali Saddam Hussein al-Tikriti"). Particles
    // and legal forms (weight below 1) never disagree: "AO" and "JSC" are one form.
    double queryUnmatched = 0.0;
    for (qsizetype i = 0; i < nq; ++i)
        if (pairOf[size_t(i)] < 0 && query[i].weight >= 1.0)
            queryUnmatched += query[i].weight;
    double omitted = 0.0;
    double omittedNameParts = 0.0;
    for (qsizetype j = 0; j < nc; ++j) {
        if (usedC[size_t(j)])
            continue;
        omitted += candidate[j].weight;
        if (candidate[j].weight >= 1.0)
            omittedNameParts += candidate[j].weight;
    }
    const double conflicting = std::min(omittedNameParts, queryUnmatched);
    const double extra = conflicting * kConflictingPartWeight
        + (omitted - conflicting)
            * (reference == Reference::TitleAndName ? kUnmatchedCandidateWeightAfterTitle
                                                    : kUnmatchedCandidateWeight);
    const double aligned = matched / (queryWeight + extra);

    // Split or merged parts ("al-Fitouri" / "Alfitouri", "Abdul Rahman" / "Abdulrahman"): compare the
    // concatenations.
    // Romanised syllables and skeletons are compared without edits (NameScorer::tokenSimilarity), so their
    // concatenations are too: "Yun Peng" = "Yunpeng", "عبد الله" = "Abdullah", "Yun Peng" != "Junzheng".
    using Writing = ScriptTransliterator::Writing;
    Writing queryWriting = Writing::Alphabetic;
    Writing candidateWriting = Writing::Alphabetic;
    for (const Token &t : query)
        queryWriting = t.writing != Writing::Alphabetic ? t.writing : queryWriting;
    for (const Token &t : candidate)
        candidateWriting = t.writing != Writing::Alphabetic ? t.writing : candidateWriting;
    if (queryWriting != Writing::Alphabetic || candidateWriting != Writing::Alphabetic) {
        const QString qs = joined(query);
        const QString cs = joined(candidate);
        // The same letters spaced otherwise ("عبدالله" / "عبد الله").
        if (qs == cs)
            return std::max(aligned, 0.95);
        // Transcribed parts are never joined: a joined sound key blurs where one name ends and the next
        // begins ("chaitari keya edowin" and "Yadollah Javani" join to one key), so only the alignment
        // counts.
        if (queryWriting == Writing::Transcribed || candidateWriting == Writing::Transcribed)
            return aligned;
        if (queryWriting == Writing::Syllabic || candidateWriting == Writing::Syllabic)
            return std::max(
                aligned, NameNormalizer::syllableKey(qs) == NameNormalizer::syllableKey(cs) ? 0.9 : 0.0);
        const QString qk = NameNormalizer::skeletonKey(qs, queryWriting);
        const bool same = qk.size() >= 3 && qk == NameNormalizer::skeletonKey(cs, candidateWriting);
        return std::max(aligned, same && queryWriting != candidateWriting ? 0.85 : 0.0);
    }
    // A concatenation scores at most 0.95.
    if (aligned >= 0.95)
        return aligned;
    // Both concatenations of the query have its letters' count: when that is too short or too far from the
    // candidate's, no concatenation can score and none is built (most candidates of a screening).
    const auto letters = [](const QList<Token> &tokens) {
        qsizetype n = 0;
        for (const Token &t : tokens)
            n += t.text.size();
        return n;
    };
    const qsizetype queryLetters = letters(query);
    const qsizetype candidateLetters = letters(candidate);
    const int budget = editBudget(std::min(queryLetters, candidateLetters));
    if (queryLetters < 6 || candidateLetters < 6 || qAbs(queryLetters - candidateLetters) > budget)
        return aligned;
    const QString cs = joined(candidate);
    auto wholeScore = [&cs, budget](const QString &qs) {
        const int dist = levenshtein(qs, cs, budget);
        return dist <= budget ? (1.0 - double(dist) / double(std::max(qs.size(), cs.size()))) * 0.95 : 0.0;
    };
    // The query in the order of its aligned candidate parts, unaligned parts last; and the order as written
    // ("ABC Co." / "A.B.C. Company": the initials align with nothing, so only the written order joins them).
    std::vector<std::pair<qsizetype, qsizetype>> order;
    order.reserve(size_t(nq));
    for (qsizetype i = 0; i < nq; ++i)
        order.push_back({ pairOf[size_t(i)] < 0 ? nc + i : pairOf[size_t(i)], i });
    std::sort(order.begin(), order.end());
    QString ordered;
    for (const auto &[pos, i] : order)
        ordered.append(query[i].text);
    const double whole = std::max(wholeScore(ordered), wholeScore(joined(query)));
    return std::max(aligned, whole);
}

} // namespace ades::eu
