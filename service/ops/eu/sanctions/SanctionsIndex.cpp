#include "SanctionsIndex.h"

#include <QLocale>
#include <QScopeGuard>
#include <QSet>
#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>

using namespace Qt::StringLiterals;

namespace ades::eu {

namespace {

constexpr int kCandidateNames = 300;
constexpr int kMaxSimilarTokens = 40;
constexpr double kWeakAliasExactScore = 0.8;
constexpr double kParticleWeight = 0.3;
constexpr double kLegalFormWeight = 0.5;

// The distinct character trigrams of a token padded with a space at each end, each packed into one number
// (three UTF-16 units): no string is built per trigram, at index build or per query token.
std::vector<quint64> trigramsOf(const QString &token)
{
    std::vector<quint64> out;
    const qsizetype n = token.size() + 2;
    out.reserve(size_t(std::max<qsizetype>(0, n - 2)));
    const auto unit = [&token, n](qsizetype i) -> quint64 {
        return i == 0 || i == n - 1 ? quint64(u' ') : quint64(token.at(i - 1).unicode());
    };
    for (qsizetype i = 0; i + 3 <= n; ++i) {
        const quint64 gram = (unit(i) << 32) | (unit(i + 1) << 16) | unit(i + 2);
        if (std::find(out.begin(), out.end(), gram) == out.end())
            out.push_back(gram);
    }
    return out;
}

QString joinedText(const QList<NameNormalizer::Part> &parts)
{
    QString s;
    for (const NameNormalizer::Part &p : parts) {
        if (!s.isEmpty())
            s.append(u' ');
        s.append(p.text);
    }
    return s;
}

// A sound key (NameNormalizer::soundKey) of five or more kinds with one of them left out, each way; shorter
// keys are too common to be matched with a consonant missing (NameScorer's soundSimilarity).
QStringList oneKindLess(const QString &sound)
{
    QStringList out;
    if (sound.size() < 5)
        return out;
    for (qsizetype i = 0; i < sound.size(); ++i) {
        QString shorter = sound;
        shorter.remove(i, 1);
        if (!out.contains(shorter))
            out.append(shorter);
    }
    return out;
}

// A token's identity in the vocabulary: its text and the writing it came from ("hsn" from Arabic compares
// by other rules than "hsn" typed in Latin letters).
QString vocabularyKey(const NameNormalizer::Part &part)
{
    if (part.writing == ScriptTransliterator::Writing::Alphabetic)
        return part.text;
    return part.text + QChar(u'\u0001' + int(part.writing));
}

NameNormalizer::NameKind nameKind(SanctionsEntry::SubjectType type)
{
    return type == SanctionsEntry::SubjectType::Person ? NameNormalizer::NameKind::Person
                                                       : NameNormalizer::NameKind::Organisation;
}

struct YearSpan
{
    int from = 0;
    int to = 0;
    QString full; // YYYY-MM-DD when known
};

std::optional<YearSpan> parseDate(const QString &text)
{
    const QString t = text.trimmed();
    if (t.size() < 4)
        return std::nullopt;
    bool ok = false;
    YearSpan span;
    span.from = t.left(4).toInt(&ok);
    if (!ok)
        return std::nullopt;
    span.to = span.from;
    if (t.size() >= 9 && t.at(4) == u'/') {
        const int to = t.mid(5, 4).toInt(&ok);
        if (ok)
            span.to = to;
    } else if (t.size() >= 10 && t.at(4) == u'-' && t.at(7) == u'-') {
        span.full = t.left(10);
    }
    return span;
}

double adjustmentFor(const SanctionsEntry &entry, const QStringList &entryCountryCodes,
    const std::optional<YearSpan> &query, const QString &countryCode);

// The per-query work areas of SanctionsIndex::screen, kept per thread and left clean after every query, so a
// query costs what it touches rather than the size of the lists: the coverage of every name, the trigram
// counts of every vocabulary token (similarTokens leaves them zero) and the token similarities already
// computed, by vocabulary token and query token (retrieval computes many that scoring needs again).
struct QueryScratch
{
    std::vector<float> covered;
    std::vector<int> touchedNames;
    std::vector<quint16> trigramCounts;
    std::vector<int> rowOf; // vocabulary id -> its row of similarities, -1 for none yet
    std::vector<int> rowIds;
    std::vector<double> rows; // a row per vocabulary token met, a column per query token; NaN: unknown
    qsizetype width = 0;

    void prepare(size_t names, size_t vocabulary, qsizetype queryTokens)
    {
        if (covered.size() != names)
            covered.assign(names, 0.0f);
        if (trigramCounts.size() != vocabulary)
            trigramCounts.assign(vocabulary, 0);
        if (rowOf.size() != vocabulary)
            rowOf.assign(vocabulary, -1);
        width = queryTokens;
    }
    void remember(qsizetype queryToken, int id, double sim)
    {
        int &row = rowOf[size_t(id)];
        if (row < 0) {
            row = int(rowIds.size());
            rowIds.push_back(id);
            rows.resize(rows.size() + size_t(width), std::numeric_limits<double>::quiet_NaN());
        }
        rows[size_t(row * width + queryToken)] = sim;
    }
    std::optional<double> recalled(qsizetype queryToken, int id) const
    {
        const int row = rowOf[size_t(id)];
        if (row < 0)
            return std::nullopt;
        const double sim = rows[size_t(row * width + queryToken)];
        return std::isnan(sim) ? std::nullopt : std::optional<double>(sim);
    }
    void clear()
    {
        for (const int name : touchedNames)
            covered[size_t(name)] = 0.0f;
        touchedNames.clear();
        for (const int id : rowIds)
            rowOf[size_t(id)] = -1;
        rowIds.clear();
        rows.clear();
    }
};

const QHash<QString, QString> &countryNames()
{
    static const QHash<QString, QString> names = [] {
        QHash<QString, QString> m;
        for (int t = 1; t <= int(QLocale::LastTerritory); ++t) {
            const auto territory = QLocale::Territory(t);
            const QString code = QLocale::territoryToCode(territory);
            if (code.size() == 2)
                m.insert(NameNormalizer::fold(QLocale::territoryToString(territory)), code);
        }
        // The lists' official names where they differ from CLDR's English short names.
        const std::pair<const char *, const char *> extra[] = {
            { "russian federation", "RU" },
            { "iran islamic republic of", "IR" },
            { "iran", "IR" },
            { "democratic people s republic of korea", "KP" },
            { "democratic peoples republic of korea", "KP" },
            { "north korea", "KP" },
            { "republic of korea", "KR" },
            { "syrian arab republic", "SY" },
            { "syria", "SY" },
            { "democratic republic of the congo", "CD" },
            { "congo", "CG" },
            { "united kingdom of great britain and northern ireland", "GB" },
            { "united kingdom", "GB" },
            { "united states of america", "US" },
            { "united states", "US" },
            { "viet nam", "VN" },
            { "united republic of tanzania", "TZ" },
            { "libyan arab jamahiriya", "LY" },
            { "turkiye", "TR" },
            { "turkey", "TR" },
            { "bolivia plurinational state of", "BO" },
            { "venezuela bolivarian republic of", "VE" },
            { "republic of moldova", "MD" },
            { "lao people s democratic republic", "LA" },
            { "state of palestine", "PS" },
            { "palestine", "PS" },
            { "cote d ivoire", "CI" },
            { "cote divoire", "CI" },
            { "myanmar", "MM" },
            { "burma", "MM" },
            { "belarus", "BY" },
            { "kosovo", "XK" },
        };
        for (const auto &[name, code] : extra)
            m.insert(QString::fromLatin1(name), QString::fromLatin1(code));
        return m;
    }();
    return names;
}

} // namespace

QString SanctionsIndex::countryCode(const QString &country)
{
    const QString trimmed = country.trimmed();
    if (trimmed.size() == 2 && trimmed.at(0).isLetter() && trimmed.at(1).isLetter()) {
        const QString code = trimmed.toUpper();
        return code == u"UK"_s ? u"GB"_s : code;
    }
    QString folded = NameNormalizer::fold(trimmed);
    const auto it = countryNames().constFind(folded);
    if (it != countryNames().cend())
        return *it;
    // "Iran (Islamic Republic of)" folds to "iran islamic republic of"; try the part before the bracket.
    const qsizetype bracket = trimmed.indexOf(u'(');
    if (bracket > 0)
        return countryNames().value(NameNormalizer::fold(trimmed.left(bracket)));
    return {};
}

double SanctionsIndex::adjustment(
    const SanctionsEntry &entry, const QString &birthDate, const QString &countryCode)
{
    QStringList codes;
    for (const QString &c : entry.countries)
        codes.append(SanctionsIndex::countryCode(c));
    return adjustment(entry, codes, birthDate, countryCode);
}

double SanctionsIndex::adjustment(const SanctionsEntry &entry, const QStringList &entryCountryCodes,
    const QString &birthDate, const QString &countryCode)
{
    return adjustmentFor(entry, entryCountryCodes, parseDate(birthDate), countryCode);
}

namespace {

// SanctionsIndex::adjustment with the query's birth date read once per query, not once per candidate.
double adjustmentFor(const SanctionsEntry &entry, const QStringList &entryCountryCodes,
    const std::optional<YearSpan> &query, const QString &countryCode)
{
    double adjust = 0.0;
    if (query && !entry.birthDates.isEmpty()) {
        bool yearMatch = false;
        bool fullMatch = false;
        bool fullConflict = false;
        for (const QString &d : entry.birthDates) {
            const auto listed = parseDate(d);
            if (!listed)
                continue;
            if (query->from <= listed->to + 1 && listed->from - 1 <= query->to) {
                yearMatch = true;
                if (!query->full.isEmpty() && !listed->full.isEmpty()) {
                    if (query->full == listed->full)
                        fullMatch = true;
                    else
                        fullConflict = true;
                }
            }
        }
        if (fullMatch)
            adjust += 0.05;
        else if (!yearMatch)
            adjust -= 0.15;
        else if (fullConflict)
            adjust -= 0.05;
    }
    if (!countryCode.isEmpty()) {
        bool known = false;
        bool match = false;
        for (const QString &code : entryCountryCodes) {
            if (code.isEmpty())
                continue;
            known = true;
            match = match || code == countryCode;
        }
        if (known)
            adjust += match ? 0.03 : -0.1;
    }
    return adjust;
}

} // namespace

double SanctionsIndex::tokenWeight(const QString &token) const
{
    if (NameNormalizer::isParticle(token))
        return kParticleWeight;
    if (m_normalizer->isLegalForm(token))
        return kLegalFormWeight;
    return 1.0;
}

QList<NameScorer::Token> SanctionsIndex::scorerTokens(const QList<NameNormalizer::Part> &parts) const
{
    QList<NameScorer::Token> out;
    out.reserve(parts.size());
    for (const NameNormalizer::Part &p : parts)
        out.append(NameScorer::withKeys(NameScorer::Token {
            p.text, NameNormalizer::phoneticKey(p.text), tokenWeight(p.text), p.writing }));
    return out;
}

std::shared_ptr<const SanctionsIndex> SanctionsIndex::build(
    const QList<SanctionsList> &lists, std::shared_ptr<const NameNormalizer> normalizer)
{
    std::shared_ptr<SanctionsIndex> index(new SanctionsIndex());
    index->m_normalizer = std::move(normalizer);
    for (const SanctionsList &list : lists) {
        for (const SanctionsEntry &entry : list.entries) {
            const int listKey = int(entry.list);
            if (entry.listDate > index->m_listDates.value(listKey))
                index->m_listDates.insert(listKey, entry.listDate);
            ++index->m_listCounts[listKey];
            index->m_entries.append(entry);
        }
    }
    index->m_entryCountryCodes.reserve(index->m_entries.size());
    for (int e = 0; e < index->m_entries.size(); ++e) {
        const SanctionsEntry &entry = index->m_entries.at(e);
        for (const QString &wallet : entry.walletAddresses)
            index->m_wallets.insert(wallet, e);
        QStringList codes;
        for (const QString &c : entry.countries)
            codes.append(countryCode(c));
        index->m_entryCountryCodes.append(codes);
        QSet<QString> seen;
        for (int v = 0; v < entry.names.size(); ++v) {
            const NameVariant &variant = entry.names.at(v);
            const QList<NameNormalizer::Part> parts
                = index->m_normalizer->parts(variant.name, nameKind(entry.subjectType));
            if (parts.isEmpty())
                continue;
            IndexedName name;
            name.entry = e;
            name.variant = v;
            name.weak = variant.weak;
            name.joined = joinedText(parts);
            if (seen.contains(name.joined))
                continue;
            seen.insert(name.joined);
            const int nameId = int(index->m_names.size());
            for (const NameNormalizer::Part &part : parts) {
                const QString &t = part.text;
                const QString key = vocabularyKey(part);
                auto it = index->m_tokenIds.constFind(key);
                int id = 0;
                if (it == index->m_tokenIds.cend()) {
                    // The token with its keys, as NameScorer compares it (weight 1): built once, so scoring
                    // copies no strings and names share the vocabulary's.
                    id = int(index->m_vocabTokens.size());
                    index->m_vocabTokens.push_back(NameScorer::withKeys(
                        NameScorer::Token { t, NameNormalizer::phoneticKey(t), 1.0, part.writing }));
                    const NameScorer::Token &token = index->m_vocabTokens.back();
                    index->m_tokenIds.insert(key, id);
                    index->m_postings.emplace_back();
                    const std::vector<quint64> grams = trigramsOf(t);
                    index->m_trigramCounts.push_back(quint16(grams.size()));
                    for (const quint64 g : grams)
                        index->m_trigrams[g].push_back(id);
                    index->m_phonetic[token.phonetic].push_back(id);
                    const bool unvocalised = part.writing == ScriptTransliterator::Writing::Unvocalised;
                    (unvocalised ? index->m_skeletonsUnvocalised : index->m_skeletonsOther)[token.skeleton]
                        .push_back(id);
                    if (unvocalised && t.indexOf(u'w', 1) >= 0)
                        for (const QString &reading : NameNormalizer::skeletonReadings(t))
                            if (reading != token.skeleton)
                                index->m_skeletonsUnvocalised[reading].push_back(id);
                    if (part.writing == ScriptTransliterator::Writing::Alphabetic
                        && token.sound.size() >= 2) {
                        index->m_sounds[token.sound].push_back(id);
                        for (const QString &shorter : oneKindLess(token.sound))
                            index->m_soundsShortened[shorter].push_back(id);
                    }
                    const bool syllabic = part.writing == ScriptTransliterator::Writing::Syllabic;
                    if (syllabic || t.size() <= 6)
                        (syllabic ? index->m_syllablesSyllabic : index->m_syllablesOther)[token.syllable]
                            .push_back(id);
                } else {
                    id = *it;
                }
                name.tokenIds.push_back(id);
                NameScorer::Token token = index->m_vocabTokens[size_t(id)];
                token.weight = index->tokenWeight(t);
                name.tokens.append(std::move(token));
                std::vector<int> &postings = index->m_postings[size_t(id)];
                if (postings.empty() || postings.back() != nameId)
                    postings.push_back(nameId);
            }
            index->m_names.push_back(std::move(name));
        }
    }
    return index;
}

double SanctionsIndex::compareNames(
    const QString &query, const QString &listed, std::optional<SanctionsEntry::SubjectType> subjectType) const
{
    const NameNormalizer::NameKind kind
        = !subjectType ? NameNormalizer::NameKind::Unknown : nameKind(*subjectType);
    bool titled = false;
    const QList<NameNormalizer::Part> q = m_normalizer->parts(query, kind, &titled);
    const QList<NameNormalizer::Part> c = m_normalizer->parts(listed, kind);
    if (q.isEmpty() || c.isEmpty())
        return 0.0;
    if (joinedText(q) == joinedText(c))
        return 1.0;
    return NameScorer::nameSimilarity(scorerTokens(q), scorerTokens(c),
        titled ? NameScorer::Reference::TitleAndName : NameScorer::Reference::FullName);
}

QList<SanctionsEntry::List> SanctionsIndex::loadedLists() const
{
    QList<SanctionsEntry::List> lists;
    for (const SanctionsEntry &e : m_entries)
        if (!lists.contains(e.list))
            lists.append(e.list);
    return lists;
}

std::vector<std::pair<float, int>> SanctionsIndex::similarTokens(const NameScorer::Token &token,
    std::vector<quint16> &counts, const std::function<void(int, double)> &scored) const
{
    using Writing = ScriptTransliterator::Writing;
    std::vector<int> out;
    const auto exact = m_tokenIds.constFind(vocabularyKey({ token.text, token.writing }));
    if (exact != m_tokenIds.cend())
        out.push_back(*exact);
    // Across writings: an Arabic or Hebrew skeleton meets its Latin spellings, a Chinese or Korean syllable
    // its other romanisations. NameScorer compares such tokens by these keys only, so for them the keys are
    // the whole retrieval.
    const QString skeletonKey
        = token.skeleton.isEmpty() ? NameNormalizer::skeletonKey(token.text, token.writing) : token.skeleton;
    auto collect = [&out](const QHash<QString, std::vector<int>> &buckets, const QString &key) {
        const auto bucket = buckets.constFind(key);
        if (bucket != buckets.cend())
            out.insert(out.end(), bucket->begin(), bucket->end());
    };
    if (token.writing == Writing::Transcribed) {
        // A transcription compares by its sound key only (NameScorer::tokenSimilarity): the spelt tokens with
        // the same key, or with one kind more (a consonant the transcription lost).
        const QString sound = token.sound.isEmpty() ? NameNormalizer::soundKey(token.text) : token.sound;
        collect(m_sounds, sound);
        collect(m_soundsShortened, sound);
    } else if (token.writing != Writing::Syllabic) {
        collect(m_skeletonsUnvocalised, skeletonKey);
        if (token.writing == Writing::Unvocalised) {
            collect(m_skeletonsOther, skeletonKey);
            if (token.text.indexOf(u'w', 1) >= 0)
                for (const QString &reading : NameNormalizer::skeletonReadings(token.text))
                    if (reading != skeletonKey)
                        collect(m_skeletonsOther, reading);
        }
    }
    if (token.writing == Writing::Syllabic
        || (token.writing == Writing::Alphabetic && token.text.size() <= 6)) {
        const QString syllableKey
            = token.syllable.isEmpty() ? NameNormalizer::syllableKey(token.text) : token.syllable;
        collect(m_syllablesSyllabic, syllableKey);
        if (token.writing == Writing::Syllabic)
            collect(m_syllablesOther, syllableKey);
    }
    if (token.writing == Writing::Alphabetic) {
        const auto phon = m_phonetic.constFind(token.phonetic);
        if (phon != m_phonetic.cend())
            for (const int id : *phon)
                out.push_back(id);
    }
    if (token.text.size() >= 4 && token.writing == Writing::Alphabetic) {
        const std::vector<quint64> grams = trigramsOf(token.text);
        std::vector<int> touched;
        for (const quint64 g : grams) {
            const auto it = m_trigrams.constFind(g);
            if (it == m_trigrams.cend())
                continue;
            for (const int id : *it) {
                if (counts[size_t(id)]++ == 0)
                    touched.push_back(id);
            }
        }
        for (const int id : touched) {
            const int shared = counts[size_t(id)];
            counts[size_t(id)] = 0;
            const int smaller = std::min<int>(int(grams.size()), m_trigramCounts[size_t(id)]);
            if (shared * 5 >= smaller * 2)
                out.push_back(id);
        }
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    std::vector<std::pair<float, int>> accepted;
    for (const int id : out) {
        const double sim = NameScorer::tokenSimilarity(token, m_vocabTokens[size_t(id)]);
        scored(id, sim);
        if (sim >= 0.6)
            accepted.emplace_back(float(sim), id);
    }
    // Common names have hundreds of spellings in the lists; the closest ones carry the recall.
    std::sort(
        accepted.begin(), accepted.end(), [](const auto &a, const auto &b) { return a.first > b.first; });
    if (accepted.size() > size_t(kMaxSimilarTokens))
        accepted.resize(size_t(kMaxSimilarTokens));
    return accepted;
}

QList<SanctionsHit> SanctionsIndex::screen(const SanctionsQuery &query) const
{
    QList<SanctionsHit> hits;
    if (m_names.empty())
        return hits;
    const NameNormalizer::NameKind kind
        = !query.subjectType ? NameNormalizer::NameKind::Unknown : nameKind(*query.subjectType);
    bool titled = false;
    const QList<NameNormalizer::Part> queryParts = m_normalizer->parts(query.name, kind, &titled);
    const NameScorer::Reference reference
        = titled ? NameScorer::Reference::TitleAndName : NameScorer::Reference::FullName;
    if (queryParts.isEmpty())
        return hits;
    const QList<NameScorer::Token> tokens = scorerTokens(queryParts);
    const QString joined = joinedText(queryParts);
    bool hasContent = false;
    for (const NameScorer::Token &t : tokens)
        hasContent = hasContent || t.weight >= 1.0;

    // Per-thread work areas sized to this index, left zeroed (and the memo unknown) after every query, so a
    // query costs what it touches rather than the size of the lists.
    thread_local QueryScratch scratch;
    scratch.prepare(m_names.size(), m_vocabTokens.size(), tokens.size());
    const auto clean = qScopeGuard([] { scratch.clear(); });
    // Candidate names ranked by the query weight their tokens cover.
    std::vector<float> &covered = scratch.covered;
    std::vector<int> &touched = scratch.touchedNames;
    std::vector<quint16> &counts = scratch.trigramCounts;
    for (qsizetype i = 0; i < tokens.size(); ++i) {
        const NameScorer::Token &t = tokens[i];
        if (hasContent && t.weight < 1.0)
            continue;
        for (const auto &[sim, id] :
            similarTokens(t, counts, [i](int id, double sim) { scratch.remember(i, id, sim); })) {
            const float gain = float(t.weight) * sim;
            for (const int nameId : m_postings[size_t(id)]) {
                if (covered[size_t(nameId)] == 0.0f)
                    touched.push_back(nameId);
                covered[size_t(nameId)] += gain;
            }
        }
    }
    // The best covered names (the scratch keeps every touched one, to zero their coverage afterwards).
    std::vector<int> candidates = touched;
    if (candidates.size() > size_t(kCandidateNames)) {
        std::nth_element(candidates.begin(), candidates.begin() + kCandidateNames, candidates.end(),
            [&](int a, int b) { return covered[size_t(a)] > covered[size_t(b)]; });
        candidates.resize(size_t(kCandidateNames));
    }

    const QString country = countryCode(query.country);
    const std::optional<YearSpan> birthDate = parseDate(query.birthDate);
    QHash<int, qsizetype> hitOfEntry;
    std::vector<double> sims;
    for (const int nameId : candidates) {
        const IndexedName &name = m_names[size_t(nameId)];
        const SanctionsEntry &entry = m_entries.at(name.entry);
        if (!query.lists.isEmpty() && !query.lists.contains(entry.list))
            continue;
        if (query.subjectType) {
            const bool wantPerson = *query.subjectType == SanctionsEntry::SubjectType::Person;
            if (wantPerson != (entry.subjectType == SanctionsEntry::SubjectType::Person))
                continue;
        }
        double nameScore = 0.0;
        if (name.joined == joined) {
            nameScore = name.weak ? kWeakAliasExactScore : 1.0;
        } else if (!name.weak) {
            // Candidates share vocabulary tokens: each (query token, vocabulary token) pair is scored once.
            const qsizetype nc = name.tokens.size();
            sims.assign(size_t(tokens.size() * nc), 0.0);
            for (qsizetype i = 0; i < tokens.size(); ++i) {
                for (qsizetype j = 0; j < nc; ++j) {
                    const int id = name.tokenIds[size_t(j)];
                    std::optional<double> known = scratch.recalled(i, id);
                    if (!known) {
                        known = NameScorer::tokenSimilarity(tokens[i], m_vocabTokens[size_t(id)]);
                        scratch.remember(i, id, *known);
                    }
                    sims[size_t(i * nc + j)] = *known;
                }
            }
            nameScore = NameScorer::nameSimilarity(tokens, name.tokens, sims, reference);
        }
        if (nameScore <= 0.0)
            continue;
        const double score = std::clamp(
            nameScore + adjustmentFor(entry, m_entryCountryCodes.at(name.entry), birthDate, country), 0.0,
            1.0);
        if (score < query.threshold)
            continue;
        const auto existing = hitOfEntry.constFind(name.entry);
        if (existing != hitOfEntry.cend()) {
            SanctionsHit &hit = hits[*existing];
            // Equal scores: the earlier variant (the primary name first) explains the hit.
            if (score > hit.score || (score == hit.score && name.variant < hit.matchedVariant)) {
                hit.matchedVariant = name.variant;
                hit.score = score;
                hit.nameScore = nameScore;
                hit.matchedName = entry.names.at(name.variant);
            }
            continue;
        }
        hitOfEntry.insert(name.entry, hits.size());
        hits.append(SanctionsHit { score, nameScore, entry, entry.names.at(name.variant), name.variant });
    }
    std::sort(hits.begin(), hits.end(), [](const SanctionsHit &a, const SanctionsHit &b) {
        if (a.score != b.score)
            return a.score > b.score;
        return a.entry.reference < b.entry.reference;
    });
    if (query.limit > 0 && hits.size() > query.limit)
        hits.resize(query.limit);
    return hits;
}

} // namespace ades::eu
