#include "ScriptTransliterator.h"

#include <QHash>
#include <QStringList>
#include <array>
#include <memory>
#include <mutex>
#include <unicode/translit.h>
#include <unicode/uchar.h>
#include <unicode/uscript.h>
#include <unicode/uspoof.h>

using namespace Qt::StringLiterals;

namespace ades::eu {

namespace {

// One transform per writing system. Letters a script-specific transform leaves out (Ukrainian BGN leaves "ё")
// go through Any-Latin afterwards (romanise()).
enum class Transform
{
    Russian,
    Ukrainian,
    Belarusian,
    Serbian,
    Macedonian,
    Greek,
    Arabic,
    Hebrew,
    Korean,
    Han,
    Latinise, // ICU's default for the script (Any-Latin)
    AsciiFold, // Latin-ASCII: ł, ø, ß, æ ... which Unicode decomposition keeps
    Count,
};

// Measured on the lists' own pairs of an original-script name and its Latin spellings (4,248 pairs, the UK
// and UN entries of the shared snapshot; mean best token similarity): Russian BGN/PCGN 0.905 against 0.875
// for ISO-9-like Any-Latin and 0.817 for Ukrainian BGN applied to every Cyrillic name.
constexpr std::array<const char16_t *, size_t(Transform::Count)> kIds = {
    u"Russian-Latin/BGN",
    u"Ukrainian-Latin/BGN",
    u"Belarusian-Latin/BGN",
    u"Serbian-Latin/BGN",
    u"Macedonian-Latin/BGN",
    u"Greek-Latin/UNGEGN",
    u"Arabic-Latin",
    u"Hebrew-Latin/BGN",
    // McCune-Reischauer (BGN), as the UN and UK lists write DPRK names ("Kim Yong Bok"), on decomposed jamo.
    u"NFD; Korean-Latin/BGN",
    // Pinyin with the surname readings of characters that read differently in names.
    u"Han-Latin/Names",
    u"Any-Latin",
    u"Latin-ASCII",
};

class Prototypes
{
public:
    static Prototypes &instance()
    {
        static Prototypes prototypes;
        return prototypes;
    }

    // A private copy for the calling thread; cloning under the lock keeps concurrent clones of one
    // prototype apart.
    std::unique_ptr<icu::Transliterator> clone(Transform t)
    {
        const std::lock_guard lock(m_mutex);
        const icu::Transliterator *prototype = m_prototypes[size_t(t)].get();
        return std::unique_ptr<icu::Transliterator>(prototype ? prototype->clone() : nullptr);
    }

private:
    Prototypes()
    {
        for (size_t i = 0; i < kIds.size(); ++i) {
            UErrorCode status = U_ZERO_ERROR;
            UParseError parseError {};
            const icu::UnicodeString id(kIds[i]);
            std::unique_ptr<icu::Transliterator> t(
                icu::Transliterator::createInstance(id, UTRANS_FORWARD, parseError, status));
            if (U_SUCCESS(status))
                m_prototypes[i] = std::move(t);
            else
                qWarning("ICU transform %s unavailable: %s", qPrintable(QString::fromUtf16(kIds[i])),
                    u_errorName(status));
        }
    }

    std::mutex m_mutex;
    std::array<std::unique_ptr<icu::Transliterator>, size_t(Transform::Count)> m_prototypes;
};

QString transliterate(Transform t, const QString &text)
{
    thread_local std::array<std::unique_ptr<icu::Transliterator>, size_t(Transform::Count)> clones;
    thread_local std::array<bool, size_t(Transform::Count)> tried {};
    if (!tried[size_t(t)]) {
        clones[size_t(t)] = Prototypes::instance().clone(t);
        tried[size_t(t)] = true;
    }
    icu::Transliterator *transliterator = clones[size_t(t)].get();
    if (!transliterator)
        return text;
    icu::UnicodeString s(reinterpret_cast<const UChar *>(text.utf16()), int32_t(text.size()));
    transliterator->transliterate(s);
    return QString(reinterpret_cast<const QChar *>(s.getBuffer()), s.length());
}

bool hasNonLatinLetter(const QString &text)
{
    for (const QChar c : text)
        if (c.unicode() >= 0x250 && c.isLetter() && !(c.unicode() >= 0x1E00 && c.unicode() <= 0x1EFF)
            && c.category() != QChar::Letter_Modifier)
            return true;
    return false;
}

// The transform, then Any-Latin for what it left; remembered per thread, as the lists repeat name parts
// (patronymics, common given names) thousands of times and a transform call costs microseconds.
QString apply(Transform t, const QString &text)
{
    thread_local QHash<QString, QString> cache;
    const QString key = QChar(char16_t(u'0' + int(t))) + text;
    const auto it = cache.constFind(key);
    if (it != cache.cend())
        return *it;
    QString latin = transliterate(t, text);
    if (t != Transform::AsciiFold && t != Transform::Latinise && hasNonLatinLetter(latin))
        latin = transliterate(Transform::Latinise, latin);
    if (cache.size() > 100'000)
        cache.clear();
    cache.insert(key, latin);
    return latin;
}

UScriptCode scriptOf(char32_t c)
{
    UErrorCode status = U_ZERO_ERROR;
    const UScriptCode script = uscript_getScript(UChar32(c), &status);
    return U_SUCCESS(status) ? script : USCRIPT_COMMON;
}

bool isWordChar(char32_t c)
{
    // Zero-width (non-)joiners shape the letters of one word (Indic conjuncts, Persian compounds).
    return u_isalnum(UChar32(c)) || (U_GET_GC_MASK(UChar32(c)) & U_GC_M_MASK) != 0 || c == 0x200C
        || c == 0x200D;
}

// Cyrillic is written by many languages with their own romanisations; a letter only one of them uses names
// the language (a name is written in one language).
Transform cyrillicTransform(const QString &run)
{
    static const QString belarusian = u"ўЎ"_s;
    static const QString serbian = u"ђћџљњјЂЋЏЉЊЈ"_s;
    static const QString macedonian = u"ѓќѕЃЌЅ"_s;
    static const QString ukrainian = u"іїєґІЇЄҐ"_s;
    auto has = [&run](const QString &letters) {
        for (const QChar c : letters)
            if (run.contains(c))
                return true;
        return false;
    };
    if (has(belarusian))
        return Transform::Belarusian;
    if (has(macedonian))
        return Transform::Macedonian;
    if (has(serbian))
        return Transform::Serbian;
    if (has(ukrainian))
        return Transform::Ukrainian;
    return Transform::Russian;
}

// Urdu letters ICU's Arabic-Latin does not know, as the Arabic letter they are built on (the retroflex and
// aspiration marks have no counterpart in the lists' romanisation); ة (ta marbuta) ends a name in "a"/"ah"
// ("Hamza", "Fatemeh"), never in the "t" ICU writes.
QString arabicBaseLetters(QString word)
{
    static const QHash<QChar, QChar> base = {
        { u'\u0679', u'\u062A' }, // ٹ -> ت
        { u'\u0688', u'\u062F' }, // ڈ -> د
        { u'\u0691', u'\u0631' }, // ڑ -> ر
        { u'\u06BE', u'\u0647' }, // ھ -> ه
        { u'\u06C1', u'\u0647' }, // ہ -> ه
        { u'\u06C3', u'\u0647' }, // ۃ -> ه
        { u'\u0629', u'\u0647' }, // ة -> ه
        { u'\u06D2', u'\u064A' }, // ے -> ي
        { u'\u06CC', u'\u064A' }, // ی -> ي
        { u'\u06BA', u'\u0646' }, // ں -> ن
        { u'\u06A9', u'\u0643' }, // ک -> ك
    };
    // Short-vowel marks (harakat, shadda, sukun, dagger alef) are optional and the lists leave them out:
    // "مُحَمَّد" is "محمد".
    QString out;
    out.reserve(word.size());
    for (const QChar c : std::as_const(word)) {
        const char16_t u = c.unicode();
        if ((u >= 0x064B && u <= 0x065F) || u == 0x0670)
            continue;
        out.append(base.value(c, c));
    }
    return out;
}

// The Arabic article is written joined to the noun ("التكريتي"); lists write it apart ("al-Tikriti").
QString splitArabicArticle(const QString &word)
{
    if (word.size() > 3 && word.startsWith(u"\u0627\u0644"))
        return word.left(2) + u' ' + word.mid(2);
    return word;
}

// Ayn and hamza come out as modifier letters: at the start of a word they stand for the vowel a list writes
// there ("ʿAli" = "Ali", "ʿUmar" = "Umar" keep a vowel-initial skeleton), elsewhere for nothing.
QString dropGlottalMarks(const QString &latin)
{
    QString out;
    out.reserve(latin.size());
    bool wordStart = true;
    for (const QChar c : latin) {
        if (c == u'\u02BF' || c == u'\u02BE') {
            if (wordStart)
                out.append(u'a');
            continue;
        }
        out.append(c);
        wordStart = !c.isLetterOrNumber();
    }
    return out;
}

// Hindi, Bengali, Punjabi, Gujarati and Oriya do not pronounce the inherent vowel of a word's last consonant
// ("राम" is "Ram", "पुतिन" is "Putin"); ICU writes it ("rāma"). Dravidian scripts keep it.
bool deletesFinalSchwa(UScriptCode script)
{
    return script == USCRIPT_DEVANAGARI || script == USCRIPT_BENGALI || script == USCRIPT_GURMUKHI
        || script == USCRIPT_GUJARATI || script == USCRIPT_ORIYA;
}

bool endsInConsonant(const QString &word)
{
    // A nukta only modifies the consonant before it ("क़" = qa).
    for (qsizetype i = word.size() - 1; i >= 0; --i) {
        const int category
            = u_getIntPropertyValue(UChar32(word.at(i).unicode()), UCHAR_INDIC_SYLLABIC_CATEGORY);
        if (category != U_INSC_NUKTA)
            return category == U_INSC_CONSONANT;
    }
    return false;
}

// Pinyin orthography for personal names (GB/T 28039): surname apart, the given name's syllables joined
// ("习近平" -> "xi jinping"). A given name has one or two characters, so a name of four has a surname of two,
// written joined ("欧阳文君" -> "ouyang wenjun"). Longer runs (organisations) keep one token per syllable; a
// transliterated foreign name (parts separated by a middle dot, which splits words) is one word per part.
QString hanWord(const QString &word, bool foreignName)
{
    QStringList syllables;
    for (const QChar c : word) {
        const QString s = apply(Transform::Han, QString(c)).trimmed();
        if (!s.isEmpty())
            syllables.append(s);
    }
    if (foreignName)
        return syllables.join(QString());
    if (syllables.size() >= 2 && syllables.size() <= 4) {
        const qsizetype surname = syllables.size() == 4 ? 2 : 1;
        return syllables.mid(0, surname).join(QString()) + u' ' + syllables.mid(surname).join(QString());
    }
    return syllables.join(u' ');
}

// Korean names on the lists are written a syllable at a time ("Kim Yong Bok"); transliterating each block
// alone also skips the sound changes across syllables that the lists do not write.
QString hangulWord(const QString &word)
{
    QStringList syllables;
    for (const QChar c : word) {
        QString latin = apply(Transform::Korean, QString(c)).trimmed();
        // A syllable starting with ㄹ: BGN applies the South Korean initial-sound rule and writes "n"
        // (리 "ni"); the DPRK, whose citizens fill the lists, writes "r" (Ri, Ryu, Rim).
        const QString jamo = QString(c).normalized(QString::NormalizationForm_D);
        if (!jamo.isEmpty() && jamo.front() == u'\u1105' && latin.startsWith(u'n'))
            latin.replace(0, 1, u'r');
        syllables.append(latin);
    }
    return syllables.join(u' ');
}

QString romaniseWord(const QString &word, UScriptCode script, Transform transform, bool foreignName)
{
    switch (script) {
    case USCRIPT_HAN:
        return hanWord(word, foreignName);
    case USCRIPT_HANGUL:
        return hangulWord(word);
    case USCRIPT_ARABIC: {
        const QString arabic = splitArabicArticle(arabicBaseLetters(word));
        return dropGlottalMarks(apply(transform, arabic));
    }
    default:
        break;
    }
    QString latin = apply(transform, word);
    // The Katakana long-vowel mark (ー) lengthens the vowel before it, and ICU writes a small vowel it cannot
    // join to the syllable before as "~" + vowel (ヴィ "vu~i"); both are inside one name part.
    if (script == USCRIPT_KATAKANA) {
        latin.remove(u'\u30FC');
        latin.remove(u'~');
    }
    // A transform may insert spaces or hyphens between syllables (Thai); the source word is one name part.
    latin.remove(u' ');
    latin.remove(u'-');
    if (deletesFinalSchwa(script) && endsInConsonant(word) && latin.endsWith(u'a'))
        latin.chop(1);
    return latin;
}

Transform transformFor(UScriptCode script, const QString &run)
{
    switch (script) {
    case USCRIPT_CYRILLIC:
        return cyrillicTransform(run);
    case USCRIPT_GREEK:
        return Transform::Greek;
    case USCRIPT_ARABIC:
        return Transform::Arabic;
    case USCRIPT_HEBREW:
        return Transform::Hebrew;
    case USCRIPT_HANGUL:
        return Transform::Korean;
    case USCRIPT_HAN:
        return Transform::Han;
    default:
        return Transform::Latinise;
    }
}

// Scripts whose transform keeps word boundaries and needs no rule per word: one call for the whole run.
bool romanisedWhole(UScriptCode script)
{
    return script == USCRIPT_CYRILLIC || script == USCRIPT_GREEK || script == USCRIPT_HEBREW
        || script == USCRIPT_ARMENIAN || script == USCRIPT_GEORGIAN;
}

// Chinese writes a foreign name as characters read for their sound, its parts joined by a middle dot
// (弗拉基米尔·普京); Japanese uses the Katakana middle dot the same way.
bool isForeignHanName(const QString &run)
{
    return run.contains(u'\u00B7') || run.contains(u'\u30FB');
}

// Scripts of open syllables in which names from other languages are written by sound: Japanese Kana (the
// script of foreign names), Burmese and Khmer (whose transcriptions insert a vowel into every cluster).
bool transcribesForeignNames(UScriptCode script)
{
    return script == USCRIPT_KATAKANA || script == USCRIPT_MYANMAR || script == USCRIPT_KHMER;
}

// One run of a script: its words are romanised one by one, the separators between them kept.
QString romaniseRun(const QString &run, UScriptCode script)
{
    const Transform transform = transformFor(script, run);
    if (script == USCRIPT_HEBREW) {
        // Vowel points (niqqud) and cantillation are optional and the lists leave them out.
        QString bare = run;
        bare.removeIf([](QChar c) {
            return c.unicode() >= 0x0591 && c.unicode() <= 0x05C7 && c.category() == QChar::Mark_NonSpacing;
        });
        return apply(transform, bare);
    }
    if (romanisedWhole(script))
        return apply(transform, run);
    const bool foreignName = script == USCRIPT_HAN && isForeignHanName(run);
    QString out;
    QString word;
    auto flush = [&] {
        if (!word.isEmpty())
            out.append(romaniseWord(word, script, transform, foreignName));
        word.clear();
    };
    for (qsizetype i = 0; i < run.size(); ++i) {
        char32_t c = run.at(i).unicode();
        qsizetype len = 1;
        if (run.at(i).isHighSurrogate() && i + 1 < run.size()) {
            c = QChar::surrogateToUcs4(run.at(i), run.at(i + 1));
            len = 2;
        }
        if (isWordChar(c)) {
            word.append(run.mid(i, len));
        } else {
            flush();
            out.append(u' ');
        }
        i += len - 1;
    }
    flush();
    return out;
}

// A word mixing Latin and Cyrillic letters was typed on two keyboards or disguised: its minority letters are
// read by their shape in the majority script. "Рutin" (Cyrillic Р) is Putin; the EU list writes Belarusian
// names with a Latin i for і ("Iванавіч").
QString latinHomoglyphs(const QString &text)
{
    static USpoofChecker *checker = [] {
        UErrorCode status = U_ZERO_ERROR;
        USpoofChecker *c = uspoof_open(&status);
        return U_SUCCESS(status) ? c : nullptr;
    }();
    // Latin letters with a Cyrillic twin of the same shape.
    static const QHash<QChar, QChar> cyrillicTwin = {
        { u'a', u'а' },
        { u'c', u'с' },
        { u'e', u'е' },
        { u'i', u'і' },
        { u'j', u'ј' },
        { u'o', u'о' },
        { u'p', u'р' },
        { u's', u'ѕ' },
        { u'x', u'х' },
        { u'y', u'у' },
        { u'A', u'А' },
        { u'B', u'В' },
        { u'C', u'С' },
        { u'E', u'Е' },
        { u'H', u'Н' },
        { u'I', u'І' },
        { u'J', u'Ј' },
        { u'K', u'К' },
        { u'M', u'М' },
        { u'O', u'О' },
        { u'P', u'Р' },
        { u'S', u'Ѕ' },
        { u'T', u'Т' },
        { u'X', u'Х' },
        { u'Y', u'У' },
    };
    QString out = text;
    qsizetype start = 0;
    while (start < out.size()) {
        qsizetype end = start;
        int latin = 0;
        int cyrillic = 0;
        while (end < out.size() && out.at(end).isLetter()) {
            const UScriptCode script = scriptOf(out.at(end).unicode());
            latin += script == USCRIPT_LATIN;
            cyrillic += script == USCRIPT_CYRILLIC;
            ++end;
        }
        for (qsizetype i = start; latin > 0 && cyrillic > 0 && i < end; ++i) {
            const UScriptCode script = scriptOf(out.at(i).unicode());
            if (cyrillic >= latin && script == USCRIPT_LATIN) {
                out[i] = cyrillicTwin.value(out.at(i), out.at(i));
            } else if (latin > cyrillic && script == USCRIPT_CYRILLIC && checker) {
                UErrorCode status = U_ZERO_ERROR;
                const icu::UnicodeString letter(UChar32(out.at(i).unicode()));
                icu::UnicodeString skeleton;
                uspoof_getSkeletonUnicodeString(checker, 0, letter, skeleton, &status);
                if (U_SUCCESS(status) && skeleton.length() == 1 && skeleton.charAt(0) < 0x80
                    && u_isalpha(skeleton.charAt(0)))
                    out[i] = QChar(skeleton.charAt(0));
            }
        }
        start = end + 1;
    }
    return out;
}

bool isAscii(const QString &text)
{
    for (const QChar c : text)
        if (c.unicode() >= 0x80)
            return false;
    return true;
}

} // namespace

QList<ScriptTransliterator::Segment> ScriptTransliterator::toLatin(const QString &original)
{
    if (isAscii(original))
        return { Segment { original, Writing::Alphabetic } };
    const QString text = latinHomoglyphs(original);
    // Runs of one script; punctuation, digits and combining marks (Common, Inherited) stay in the run they
    // are in, so "Владимир Путин" is one run and a Latin name with a Cyrillic homoglyph is not split.
    struct Run
    {
        UScriptCode script;
        QString text;
    };
    QList<Run> runs;
    for (qsizetype i = 0; i < text.size(); ++i) {
        char32_t c = text.at(i).unicode();
        qsizetype len = 1;
        if (text.at(i).isHighSurrogate() && i + 1 < text.size()) {
            c = QChar::surrogateToUcs4(text.at(i), text.at(i + 1));
            len = 2;
        }
        UScriptCode script = scriptOf(c);
        // Japanese mixes Hiragana and Katakana in one word: one run.
        if (script == USCRIPT_HIRAGANA || script == USCRIPT_KATAKANA)
            script = USCRIPT_KATAKANA;
        if (script == USCRIPT_COMMON || script == USCRIPT_INHERITED) {
            if (runs.isEmpty())
                runs.append(Run { USCRIPT_LATIN, {} });
            runs.last().text.append(text.mid(i, len));
        } else if (!runs.isEmpty() && runs.last().script == script) {
            runs.last().text.append(text.mid(i, len));
        } else if (!runs.isEmpty() && runs.last().script == USCRIPT_LATIN
            && runs.last().text.trimmed().isEmpty()) {
            runs.last().script = script;
            runs.last().text.append(text.mid(i, len));
        } else {
            runs.append(Run { script, text.mid(i, len) });
        }
        i += len - 1;
    }
    QList<Segment> segments;
    for (const Run &run : std::as_const(runs)) {
        Segment segment;
        if (run.script == USCRIPT_LATIN)
            segment.latin = run.text;
        else
            segment.latin = romaniseRun(run.text, run.script);
        if (run.script == USCRIPT_ARABIC || run.script == USCRIPT_HEBREW)
            segment.writing = Writing::Unvocalised;
        else if (transcribesForeignNames(run.script)
            || (run.script == USCRIPT_HAN && isForeignHanName(run.text)))
            segment.writing = Writing::Transcribed;
        else if (run.script == USCRIPT_HAN || run.script == USCRIPT_HANGUL)
            segment.writing = Writing::Syllabic;
        segments.append(segment);
    }
    return segments;
}

QString ScriptTransliterator::asciiFold(const QString &latin)
{
    return apply(Transform::AsciiFold, latin);
}

} // namespace ades::eu
