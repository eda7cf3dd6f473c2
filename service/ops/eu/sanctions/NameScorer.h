#pragma once

#include "ScriptTransliterator.h"

#include <QList>
#include <QString>
#include <QStringList>
#include <vector>

namespace ades::eu {

// Pairwise name similarity on normalised tokens (NameNormalizer::tokens), 0..1. Token similarity mixes
// Jaro-Winkler and a Levenshtein ratio with a length-dependent edit budget (no fuzzy edits on tokens of
// up to 3 characters); tokens are aligned greedily, unmatched query tokens cost more than unmatched
// candidate tokens, particles and legal forms weigh less. Tokens romanised from Arabic or Hebrew compare with
// Latin ones by consonant skeleton and with each other only when equal; Chinese and Korean syllables compare
// by their spelling-blind form only, foreign names transcribed into a script of open syllables by the order
// of their kinds of consonant (ScriptTransliterator::Writing). Pure functions: thread-safe.
class NameScorer
{
public:
    struct Token
    {
        QString text;
        QString phonetic;
        double weight = 1.0;
        ScriptTransliterator::Writing writing = ScriptTransliterator::Writing::Alphabetic;
        // NameNormalizer::skeletonKey and syllableKey of the text when known; empty: computed when needed.
        QString skeleton;
        QString syllable;
        QString sound; // NameNormalizer::soundKey, likewise
        // NameNormalizer::comparisonForm of the text when known; empty: computed when needed.
        QString form;
    };

    // The token with its cross-writing keys filled in.
    static Token withKeys(Token token);

    // How the query names its subject.
    enum class Reference
    {
        FullName,
        // A title with part of the name ("President Erdoğan"): the title stands in for the given names, so
        // the candidate's parts the query leaves out cost less.
        TitleAndName,
    };

    static double jaroWinkler(QStringView a, QStringView b);
    static int levenshtein(QStringView a, QStringView b);
    // The distance when it is at most maxDistance, maxDistance + 1 otherwise; faster for a small bound.
    static int levenshtein(QStringView a, QStringView b, int maxDistance);
    static double tokenSimilarity(const Token &query, const Token &candidate);
    static double nameSimilarity(
        const QList<Token> &query, const QList<Token> &candidate, Reference reference = Reference::FullName);
    // As nameSimilarity, with the token similarities given (row-major, query x candidate), so a caller that
    // scores many candidates sharing tokens computes each token pair once.
    static double nameSimilarity(const QList<Token> &query, const QList<Token> &candidate,
        const std::vector<double> &similarities, Reference reference = Reference::FullName);
};

} // namespace ades::eu
