#pragma once

#include "PersonTitles.h"
#include "ScriptTransliterator.h"

#include <QHash>
#include <QSet>
#include <QString>
#include <QStringList>

namespace ades::eu {

// Turns a name into comparable tokens, identically at index and query time: script transliteration
// (every script ICU romanises, ScriptTransliterator), NFKD with combining marks dropped, case folding,
// punctuation to spaces, person titles dropped (PersonTitles) and legal forms replaced by one compare form
// (rigour's org_types, e.g. "Limited Liability Company" / "ООО" -> "llc"). Immutable once built:
// one instance is shared by every screening thread.
class NameNormalizer
{
public:
    enum class NameKind
    {
        Person,
        Organisation,
        Unknown, // a query without schema: legal forms are still recognised
    };

    // Built-in legal forms and the bundled person titles (resources/sanctions/person_titles.txt).
    NameNormalizer();

    // Adds the groups of rigour's org_types.yml (aliases -> compare or display form). Returns the number of
    // aliases added; 0 when the text is not in that shape.
    int addRigourOrgTypes(const QByteArray &yaml);
    // Adds PERSON_NAME_PREFIXES of rigour's stopwords.yml as titles dropped before a name. Returns the number
    // added.
    int addRigourPersonPrefixes(const QByteArray &yaml);

    // One word of a folded name.
    struct Part
    {
        QString text;
        ScriptTransliterator::Writing writing = ScriptTransliterator::Writing::Alphabetic;
    };

    // Script transliteration (ScriptTransliterator), diacritics and case folding, punctuation to spaces;
    // squashed whitespace.
    static QString fold(const QString &text);
    // As fold(), word by word with the script each word came from.
    static QList<Part> foldParts(const QString &text);
    // A coarse phonetic key (consonant skeleton) for candidate retrieval: "Mohammed" and "Muhammad" share it,
    // as do spellings of one sound (w/v, y/j, kh/h, tsch/ch, doubled letters).
    static QString phoneticKey(const QString &token);
    // The skeleton that compares a token romanised from Arabic or Hebrew with a Latin spelling: long vowels
    // written as w/y dropped, b/p/f/v merged ("bwtyn" = "Putin"). Give each token its own writing.
    static QString skeletonKey(const QString &token, ScriptTransliterator::Writing writing);
    // The skeleton keys of an unvocalised token with each w after its first letter read as the long vowel
    // u/o or as the consonant v, which many Persian names write with it (پرویز Parviz, موسوی Mousavi).
    static QStringList skeletonReadings(const QString &token);
    // The spelling a token is compared in: one letter for each sound the romanisations spell two ways
    // (w/v, j/y, ou/u, kh/h, tsch/ch, sch/sh, dzh/j, ph/f) and doubled letters single.
    static QString comparisonForm(const QString &token);
    // A patronymic with its suffix in one spelling ("Volodymyrovych", "Wladimirowitsch" -> "...ovich");
    // other tokens unchanged. Applied to person names by parts().
    static QString patronymicForm(const QString &token);
    // The father's name inside a patronymic in that form ("vladimirovich" -> "vladimir"); empty otherwise.
    static QString patronymicStem(const QString &token);
    // The spelling-blind form of one romanised Chinese or Korean syllable: "chong" = "jong", "yeong" =
    // "young".
    static QString syllableKey(const QString &token);
    // The order of a token's kinds of consonant, what a transcription into a script of open syllables keeps
    // of a name (ScriptTransliterator::Writing::Transcribed): lips (p b f v w), tongue stops and affricates
    // (t d ch j ts dz), hissing sounds (s z sh zh x), the back of the mouth (k g c q h kh gh), liquids (l r),
    // m, n (n ng); vowels and y dropped, repeats merged. "Vladimir", "urajimiru" and "balardemeyar" give
    // "pltml" and "ltml"; "Putin", "puchin" and "pujing" give "ptn".
    static QString soundKey(const QString &token);
    // Particles that carry little identity ("al", "bin", "van", "de" ...).
    static bool isParticle(const QString &token);

    QStringList tokens(const QString &name, NameKind kind) const;
    // As tokens(), with the script each token came from. `titled` (optional) tells whether a title was
    // dropped from a person name ("President Putin"): the name then refers to someone by part of the name.
    QList<Part> parts(const QString &name, NameKind kind, bool *titled = nullptr) const;
    // True for a compare form of a legal form ("llc", "jsc" ...) produced by tokens().
    bool isLegalForm(const QString &token) const { return m_legalForms.contains(token); }

private:
    void addLegalForm(const QString &alias, const QString &compare);

    QHash<QString, QString> m_orgTypes; // folded alias phrase -> compare token
    QHash<QString, QString> m_singleWordForms; // the one-word aliases of >= 5 letters, for typo matching
    QSet<QString> m_legalForms;
    PersonTitles m_titles;
    int m_maxPhraseTokens = 1;
};

} // namespace ades::eu
