#pragma once

#include <QList>
#include <QString>

namespace ades::eu {

// Romanises the non-Latin parts of a name with ICU's transforms (CLDR rules), one script run at a time, so a
// name written partly in two scripts keeps both parts. The transform per script is the one that matches how
// sanctions lists write names in Latin letters (BGN/PCGN for Cyrillic, Hebrew and Korean; UNGEGN for Greek;
// ICU's defaults elsewhere); docs/sanctions.md ("Matching") gives the measurements behind each choice.
//
// Thread-safe: ICU transliterators are not safe for concurrent use, so every thread works on its own clones,
// made once per thread and transform from prototypes built once per process (building one takes
// milliseconds).
class ScriptTransliterator
{
public:
    // How the script a name part came from writes sounds; it decides how romanised parts may be compared.
    enum class Writing
    {
        Alphabetic, // Latin, Cyrillic, Greek, Armenian, Georgian, Indic ...: vowels written
        // Arabic, Hebrew: short vowels left out, so "حسين" reads "hsyn": only its skeleton can be compared
        // with "Hussein", and one letter more or less is another name (Husayn / Husayni).
        Unvocalised,
        // Han, Hangul: one part per syllable, each a whole morpheme, so "yang" and "yong" are different
        // names while "chong" / "jong" / "zhong" are romanisations of one.
        Syllabic,
        // A foreign name transcribed into a script of open syllables (Katakana, Chinese characters joined by
        // a middle dot, Burmese, Khmer): clusters broken by inserted vowels and sounds the script lacks
        // replaced by neighbours ("Vladimir" is ウラジーミル "urajimiru", 弗拉基米尔 "fulajimier"); only the
        // order of its kinds of consonant can be compared (NameNormalizer::soundKey).
        Transcribed,
    };

    struct Segment
    {
        QString latin; // Latin letters, diacritics of Latin names left in place; the caller folds them
        Writing writing = Writing::Alphabetic;
    };

    // Segments in the order of the text; Latin, digits and punctuation come back unchanged. An all-ASCII text
    // returns one segment without touching ICU.
    static QList<Segment> toLatin(const QString &text);
    // ICU's Latin-ASCII: the letters Unicode decomposition keeps (ł, ø, ß, æ, đ, þ, ı ...) spelt in ASCII.
    static QString asciiFold(const QString &latin);
};

} // namespace ades::eu
