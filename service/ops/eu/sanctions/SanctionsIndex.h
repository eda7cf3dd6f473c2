#pragma once

#include "NameNormalizer.h"
#include "NameScorer.h"
#include "SanctionsEntry.h"
#include "SanctionsScreening.h"

#include <QHash>
#include <QList>
#include <functional>
#include <memory>
#include <vector>

namespace ades::eu {

// An immutable in-memory screening index over one or more lists. Build it off the I/O thread, hold it in
// a std::shared_ptr<const SanctionsIndex> and swap the pointer atomically on refresh: screen() is const
// and allocates its scratch space per call, so any number of threads may query one instance.
//
// Retrieval: every distinct normalised token is indexed by itself, by its consonant skeleton
// (NameNormalizer::phoneticKey) and by its character trigrams; a query token collects similar vocabulary
// tokens, their name postings are ranked by the weight they cover, and the best candidates are scored by
// NameScorer. Birth date and country adjust the name score; the threshold cuts the hits.
class SanctionsIndex
{
public:
    static std::shared_ptr<const SanctionsIndex> build(const QList<SanctionsList> &lists,
        std::shared_ptr<const NameNormalizer> normalizer = std::make_shared<const NameNormalizer>());

    QList<SanctionsHit> screen(const SanctionsQuery &query) const;
    // The name similarity screen() uses, for one pair of names (evaluation on labelled pairs).
    double compareNames(const QString &query, const QString &listed,
        std::optional<SanctionsEntry::SubjectType> subjectType = std::nullopt) const;

    const QList<SanctionsEntry> &entries() const { return m_entries; }
    qsizetype nameCount() const { return qsizetype(m_names.size()); }
    qsizetype tokenCount() const { return qsizetype(m_vocabTokens.size()); }
    // Lists with at least one entry, and the newest generation date per list ("" if none loaded).
    QList<SanctionsEntry::List> loadedLists() const;
    QString generationDate(SanctionsEntry::List list) const { return m_listDates.value(int(list)); }
    int entryCount(SanctionsEntry::List list) const { return m_listCounts.value(int(list)); }
    // The entries that name this wallet address (lower case 0x + 40 hex digits), by index into entries().
    QList<int> entriesNamingWallet(const QString &address) const { return m_wallets.values(address); }
    // How many wallet addresses the loaded lists name in all.
    qsizetype walletCount() const { return m_wallets.size(); }

    // Country as ISO alpha-2 (upper case) from a code or an English name; empty when unknown.
    static QString countryCode(const QString &country);
    // Birth-date and country adjustment for one entry (exposed for tests): negative lowers the score.
    static double adjustment(
        const SanctionsEntry &entry, const QString &birthDate, const QString &countryCode);
    // As above with the entry's countries already resolved to codes (empty where unknown).
    static double adjustment(const SanctionsEntry &entry, const QStringList &entryCountryCodes,
        const QString &birthDate, const QString &countryCode);

private:
    SanctionsIndex() = default;

    struct IndexedName
    {
        int entry = 0;
        int variant = 0;
        bool weak = false;
        QString joined; // tokens joined with spaces, for exact comparison
        QList<NameScorer::Token> tokens;
        std::vector<int> tokenIds; // parallel to tokens
    };

    double tokenWeight(const QString &token) const;
    QList<NameScorer::Token> scorerTokens(const QList<NameNormalizer::Part> &parts) const;
    // Vocabulary tokens similar to `token`, best first; `scored` sees every similarity computed on the way.
    std::vector<std::pair<float, int>> similarTokens(const NameScorer::Token &token,
        std::vector<quint16> &counts, const std::function<void(int, double)> &scored) const;

    std::shared_ptr<const NameNormalizer> m_normalizer;
    QList<SanctionsEntry> m_entries;
    QList<QStringList> m_entryCountryCodes;
    QMultiHash<QString, int> m_wallets; // SanctionsEntry::walletAddresses -> entry, built once
    std::vector<IndexedName> m_names;
    // Token id -> the distinct token with its keys (NameScorer::withKeys), weight 1.
    std::vector<NameScorer::Token> m_vocabTokens;
    QHash<QString, int> m_tokenIds;
    std::vector<std::vector<int>> m_postings; // token id -> name ids
    std::vector<quint16> m_trigramCounts; // token id -> number of trigrams
    QHash<QString, std::vector<int>> m_phonetic; // key -> token ids
    QHash<quint64, std::vector<int>> m_trigrams; // packed trigram (trigramsOf) -> token ids
    // NameNormalizer::skeletonKey -> ids of the tokens written without short vowels, and of the others.
    QHash<QString, std::vector<int>> m_skeletonsUnvocalised;
    QHash<QString, std::vector<int>> m_skeletonsOther;
    // NameNormalizer::syllableKey -> ids of the Chinese and Korean syllables, and of the other tokens of up
    // to 6 letters.
    QHash<QString, std::vector<int>> m_syllablesSyllabic;
    QHash<QString, std::vector<int>> m_syllablesOther;
    // NameNormalizer::soundKey -> ids of the spelt tokens, and each key of five or more kinds with one kind
    // left out -> the same, so a transcription that lost a consonant finds them (similarTokens).
    QHash<QString, std::vector<int>> m_sounds;
    QHash<QString, std::vector<int>> m_soundsShortened;
    QHash<int, QString> m_listDates;
    QHash<int, int> m_listCounts;
};

} // namespace ades::eu
