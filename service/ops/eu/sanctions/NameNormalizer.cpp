#include "NameNormalizer.h"

#include "NameScorer.h"
#include "ScriptTransliterator.h"

#include <QFile>
#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace ades::eu {

namespace {

// Compact defaults so a normaliser without the rigour files still folds the common legal forms.
constexpr std::pair<const char *, const char *> kDefaultLegalForms[] = {
    { "limited liability company", "llc" },
    { "llc", "llc" },
    { "l l c", "llc" },
    { "ooo", "llc" },
    { "ооо", "llc" },
    { "obshchestvo s ogranichennoy otvetstvennostyu", "llc" },
    { "tov", "llc" },
    { "limited", "ltd" },
    { "ltd", "ltd" },
    { "co ltd", "ltd" },
    { "company limited", "ltd" },
    { "public limited company", "plc" },
    { "plc", "plc" },
    { "joint stock company", "jsc" },
    { "jsc", "jsc" },
    { "ojsc", "jsc" },
    { "cjsc", "jsc" },
    { "pjsc", "jsc" },
    { "oao", "jsc" },
    { "zao", "jsc" },
    { "pao", "jsc" },
    { "ao", "jsc" },
    { "open joint stock company", "jsc" },
    { "closed joint stock company", "jsc" },
    { "public joint stock company", "jsc" },
    { "aktiengesellschaft", "ag" },
    { "ag", "ag" },
    { "gesellschaft mit beschrankter haftung", "gmbh" },
    { "gmbh", "gmbh" },
    { "incorporated", "inc" },
    { "inc", "inc" },
    { "corporation", "corp" },
    { "corp", "corp" },
    { "company", "co" },
    { "co", "co" },
    { "societe anonyme", "sa" },
    { "sa", "sa" },
    { "s a", "sa" },
    { "sarl", "sarl" },
    { "bv", "bv" },
    { "b v", "bv" },
    { "nv", "nv" },
    { "fze", "fze" },
    { "fzco", "fzco" },
    { "fzc", "fzc" },
};

constexpr const char *kParticles[] = { "al", "el", "ul", "ud", "bin", "ibn", "bint", "ben", "abu", "bou",
    "abd", "van", "von", "der", "den", "de", "da", "di", "du", "la", "le", "del", "della", "dos", "das", "do",
    "y", "e", "and", "of", "the", "ould", "uld", "oglu", "ogly", "kyzy" };

} // namespace

NameNormalizer::NameNormalizer()
{
    for (const auto &[alias, compare] : kDefaultLegalForms)
        addLegalForm(QString::fromUtf8(alias), QString::fromUtf8(compare));
    QFile titles(u":/sanctions/person_titles.txt"_s);
    if (titles.open(QIODevice::ReadOnly))
        m_titles.addList(titles.readAll());
    else
        qWarning("sanctions: bundled person titles missing");
}

QList<NameNormalizer::Part> NameNormalizer::foldParts(const QString &text)
{
    QList<Part> parts;
    for (const ScriptTransliterator::Segment &segment : ScriptTransliterator::toLatin(text)) {
        const QString decomposed = segment.latin.toCaseFolded().normalized(QString::NormalizationForm_KD);
        QString word;
        bool ascii = true;
        auto flush = [&] {
            if (!ascii) {
                // Letters decomposition keeps (ł, ø, ß, æ ...); what is not a letter or digit afterwards
                // goes.
                const QString spelt = ScriptTransliterator::asciiFold(word);
                word.clear();
                for (const QChar c : spelt)
                    if (c.isLetterOrNumber())
                        word.append(c.toLower());
            }
            if (!word.isEmpty())
                parts.append(Part { word, segment.writing });
            word.clear();
            ascii = true;
        };
        for (const QChar c : decomposed) {
            const QChar::Category cat = c.category();
            if (cat == QChar::Mark_NonSpacing || cat == QChar::Mark_SpacingCombining
                || cat == QChar::Mark_Enclosing)
                continue;
            // Apostrophes join ("O'Brien" = "OBrien"); modifier letters (soft and hard signs, ayn, ejectives
            // written by the romanisations) and Arabic tatweel are not written by the lists.
            // Format characters (zero-width joiners, directional marks) are invisible inside a word.
            if (c == u'\'' || c == u'\u2019' || c == u'\u2018' || c == u'`' || c == u'"'
                || cat == QChar::Letter_Modifier || cat == QChar::Other_Format || c == u'\u0640')
                continue;
            if (c.isLetterOrNumber()) {
                word.append(c.toLower());
                ascii = ascii && c.unicode() < 0x80;
            } else {
                flush();
            }
        }
        flush();
    }
    return parts;
}

QString NameNormalizer::fold(const QString &text)
{
    QString out;
    for (const Part &part : foldParts(text)) {
        if (!out.isEmpty())
            out.append(u' ');
        out.append(part.text);
    }
    return out;
}

namespace {

bool isVowel(QChar c)
{
    return c == u'a' || c == u'e' || c == u'i' || c == u'o' || c == u'u' || c == u'y';
}

// Spellings of one sound in the romanisations the lists mix (English, French, German; BGN/PCGN, ISO 9):
// German "tsch"/"sch" are English "ch"/"sh" (Tschernow / Chernov), "dzh"/"dj" are "j" (Dzhamal / Djamal /
// Jamal), "kh" is also written "h" (Khalid / Halid, Mikhail / Mihail), "ph" is "f". Applied to every token,
// listed or queried, before the skeleton is taken.
QString unifiedSpelling(const QString &token)
{
    static const std::pair<QLatin1StringView, QLatin1StringView> kSame[] = {
        { "tsch"_L1, "ch"_L1 },
        { "sch"_L1, "sh"_L1 },
        { "dzh"_L1, "j"_L1 },
        { "dj"_L1, "j"_L1 },
        { "kh"_L1, "h"_L1 },
        { "ph"_L1, "f"_L1 },
        { "ck"_L1, "k"_L1 },
    };
    QString s = token;
    for (const auto &[from, to] : kSame)
        if (s.contains(from))
            s.replace(from, to);
    return s;
}

// One substitution, insertion, deletion or swap of neighbours between two different words, in linear time:
// the legal-form check runs for every organisation token against every one-word form.
bool oneTypoApart(QStringView a, QStringView b)
{
    if (a.size() < b.size())
        std::swap(a, b);
    if (a.size() - b.size() > 1)
        return false;
    qsizetype i = 0;
    while (i < b.size() && a[i] == b[i])
        ++i;
    if (i == b.size())
        return a.size() != b.size();
    if (a.size() != b.size())
        return a.mid(i + 1) == b.mid(i);
    if (a.mid(i + 1) == b.mid(i + 1))
        return true;
    return i + 1 < a.size() && a[i] == b[i + 1] && a[i + 1] == b[i] && a.mid(i + 2) == b.mid(i + 2);
}

} // namespace

QString NameNormalizer::phoneticKey(const QString &token)
{
    const QString spelt = unifiedSpelling(token);
    QString s;
    s.reserve(spelt.size());
    for (qsizetype i = 0; i < spelt.size(); ++i) {
        QChar c = spelt.at(i);
        // An 'h' after these consonants only modifies them (sh, ch, th, dh, gh, zh); elsewhere it is a sound
        // of its own (Abdulrahman).
        if (c == u'h' && !s.isEmpty() && QStringView(u"sctdgzk").contains(s.back()))
            continue;
        if (c == u'c' || c == u'q')
            c = u'k';
        else if (c == u'z')
            c = u's';
        else if (c == u'w')
            c = u'v';
        else if (c == u'j')
            c = u'y';
        else if (c == u'x') {
            s.append(u"ks"_s);
            continue;
        }
        s.append(c);
    }
    if (s.isEmpty())
        return s;
    QString key;
    key.append(isVowel(s.front()) ? u'a' : s.front());
    for (qsizetype i = 1; i < s.size(); ++i) {
        const QChar c = s.at(i);
        if (isVowel(c))
            continue;
        if (!key.isEmpty() && key.back() == c)
            continue;
        key.append(c);
    }
    return key;
}

QStringList NameNormalizer::skeletonReadings(const QString &token)
{
    // Each w after the first letter read as the vowel or as v; names have at most a few.
    QList<qsizetype> positions;
    for (qsizetype i = 1; i < token.size() && positions.size() < 3; ++i)
        if (token.at(i) == u'w')
            positions.append(i);
    QStringList keys;
    for (int mask = 0; mask < (1 << positions.size()); ++mask) {
        QString reading = token;
        for (qsizetype k = 0; k < positions.size(); ++k)
            if (mask & (1 << k))
                reading[positions.at(k)] = u'v';
        const QString key = skeletonKey(reading, ScriptTransliterator::Writing::Unvocalised);
        if (!keys.contains(key))
            keys.append(key);
    }
    return keys;
}

QString NameNormalizer::soundKey(const QString &token)
{
    const QString s = unifiedSpelling(token); // kh -> h, ph -> f, dzh/dj -> j, tsch -> ch, sch -> sh
    QString key;
    key.reserve(s.size());
    const auto put = [&key](char16_t kind) {
        if (key.isEmpty() || key.back() != QChar(kind))
            key.append(QChar(kind));
    };
    for (qsizetype i = 0; i < s.size(); ++i) {
        const char16_t c = s.at(i).unicode();
        const char16_t next = i + 1 < s.size() ? s.at(i + 1).unicode() : u'\0';
        // Two letters for one sound: ch, sh, zh, ts, tz, dz, th, gh, ng.
        if (next == u'h' && (c == u'c' || c == u't')) {
            put(u't');
            ++i;
        } else if (next == u'h' && (c == u's' || c == u'z')) {
            put(u's');
            ++i;
        } else if (next == u'h' && c == u'g') {
            put(u'k');
            ++i;
        } else if ((c == u't' || c == u'd') && (next == u's' || next == u'z')) {
            put(u't');
            ++i;
        } else if (c == u'n' && next == u'g') {
            put(u'n');
            ++i;
        } else if (QStringView(u"pbfvw").contains(QChar(c))) {
            put(u'p');
        } else if (QStringView(u"tdj").contains(QChar(c))) {
            put(u't');
        } else if (QStringView(u"szx").contains(QChar(c))) {
            put(u's');
        } else if (c == u'c') {
            put(next == u'e' || next == u'i' ? u's' : u'k'); // Cecilia, Carlos
        } else if (QStringView(u"kgqh").contains(QChar(c))) {
            put(u'k');
        } else if (c == u'l' || c == u'r') {
            put(u'l');
        } else if (c == u'm' || c == u'n') {
            put(c);
        }
        // Vowels and y (a glide or a vowel in every romanisation) carry nothing a transcription keeps.
    }
    return key;
}

QString NameNormalizer::skeletonKey(const QString &token, ScriptTransliterator::Writing writing)
{
    // Both sides are reduced to what an unvocalised spelling keeps: the consonants, whether the name starts
    // with a vowel, and whether it ends in one (Mohammad / Mohammadi, Husayn / Husayni are other names).
    QString s = unifiedSpelling(token);
    bool finalVowel = false;
    if (writing == ScriptTransliterator::Writing::Unvocalised) {
        // Arabic writes the "ch" it lacks as t+sh (تش). After the first letter, w and y are the long vowels
        // u/o and i/e (matres lectionis); a final h is the ta marbuta or a vowel carrier (Fatemeh).
        s.replace(u"tsh"_s, u"ch"_s);
        const bool digraph
            = s.size() > 2 && s.endsWith(u'h') && QStringView(u"sctdgzk").contains(s.at(s.size() - 2));
        if (s.size() > 2 && !digraph
            && (s.endsWith(u'w') || s.endsWith(u'y') || s.endsWith(u'h') || s.endsWith(u'a'))) {
            finalVowel = true;
            s.chop(1);
        }
        QString consonants;
        for (qsizetype i = 0; i < s.size(); ++i)
            if (i == 0 || (s.at(i) != u'w' && s.at(i) != u'y'))
                consonants.append(s.at(i));
        s = consonants;
    } else {
        // "Abdullah", "Fatimah": a final h after a vowel is the same ta marbuta.
        if (s.size() > 2 && s.endsWith(u'h') && isVowel(s.at(s.size() - 2)))
            s.chop(1);
        finalVowel = s.size() > 2 && isVowel(s.back());
    }
    QString key;
    for (qsizetype i = 0; i < s.size(); ++i) {
        QChar c = s.at(i);
        if (i == 0 && isVowel(c)) {
            key.append(u'a');
            continue;
        }
        if (isVowel(c))
            continue;
        // Arabic and Hebrew tell sh (ش, ש) from s and z (س, ز, ס, ז); so do the lists' spellings.
        if (c == u's' && i + 1 < s.size() && s.at(i + 1) == u'h') {
            if (key.isEmpty() || key.back() != u'x')
                key.append(u'x');
            ++i;
            continue;
        }
        if (c == u'h' && !key.isEmpty() && QStringView(u"ctdgzk").contains(key.back()))
            continue;
        // Arabic ب and ف, Hebrew ב and פ each write two of b, p, f, v (Putin is بوتين and פוטין).
        if (c == u'p' || c == u'v' || c == u'w' || c == u'f')
            c = u'b';
        else if (c == u'c' || c == u'q')
            c = u'k';
        if (!key.isEmpty() && key.back() == c)
            continue;
        key.append(c);
    }
    if (finalVowel)
        key.append(u'a');
    return key;
}

QString NameNormalizer::comparisonForm(const QString &token)
{
    // Spellings of one sound written differently by the romanisations the lists mix: the unified digraphs
    // (tsch/ch, sch/sh, dzh/j, kh/h, ph/f), w/v (German Wladimir), j/y (Jewgeni, Juri), ou/u (French
    // Youssef, Mouammar), doubled letters (Hassan / Hasan, Mohammed / Mohamed).
    QString s = unifiedSpelling(token);
    if (s.contains(u"ou"_s))
        s.replace(u"ou"_s, u"u"_s);
    QString out;
    out.reserve(s.size());
    for (QChar c : std::as_const(s)) {
        if (c == u'w')
            c = u'v';
        else if (c == u'j')
            c = u'y';
        if (!out.isEmpty() && out.back() == c && c.isLetter())
            continue;
        out.append(c);
    }
    return out == token ? token : out;
}

QString NameNormalizer::patronymicForm(const QString &token)
{
    // East Slavic patronymics are the father's given name plus a suffix each language and romanisation
    // spells its own way. The male -ович/-евич (Belarusian -авіч) ends in ч, written "ch" (English, Spanish,
    // Ukrainian "-ovych"), "tch" (French, Portuguese), "tsch" (German -owitsch), "tsj" (Dutch), "tj"
    // (Swedish, Danish, Norwegian), "tx" (Catalan), "ts" (Finnish, Estonian "-ovitš" and Greek once folded),
    // "c" (Czech, Slovak, Slovene, Croatian "-ovič" folded), "cs" (Hungarian "-ovics", Latvian "-ovičs"),
    // "cius" (Lithuanian "-ovičius"), "cz" (Polish "-owicz"), "ci" (Romanian "-ovici"). The female
    // -овна/-евна/-івна (Belarusian -аўна) is "-ovna", "-owna" (German, Polish), "-ivna" (Ukrainian),
    // "-awna"/"-auna" (Belarusian BGN, Łacinka). One spelling of the suffix leaves the father's name to
    // compare.
    static const QRegularExpression male(
        uR"(^(\w{3,}?)(?:y?[eo]|a)[vw][iy](?:t?s?ch|tsj|tj|tx|ts|cius|cs|cz|ci|c)$)"_s);
    static const QRegularExpression female(uR"(^(\w{3,}?)(?:y?[eoi][vw]|a[vwu])na$)"_s);
    // Most tokens are not patronymics: the regular expressions only see the ones ending as a suffix can end
    // with a v or w (u before a Belarusian "-na") among their last letters.
    if (token.size() < 7 || !(QStringView(u"hjxsczi").contains(token.back()) || token.endsWith(u"na")))
        return token;
    const QStringView tail = QStringView(token).right(7);
    if (!tail.contains(u'v') && !tail.contains(u'w') && !token.endsWith(u"auna"))
        return token;
    if (const auto m = male.match(token); m.hasMatch())
        return m.captured(1) + u"ovich"_s;
    if (const auto m = female.match(token); m.hasMatch())
        return m.captured(1) + u"ovna"_s;
    return token;
}

QString NameNormalizer::patronymicStem(const QString &token)
{
    for (const QString &suffix : { u"ovich"_s, u"ovna"_s })
        if (token.size() >= suffix.size() + 3 && token.endsWith(suffix))
            return token.left(token.size() - suffix.size());
    return {};
}

QString NameNormalizer::syllableKey(const QString &token)
{
    // The romanisations of Chinese (pinyin, Wade-Giles) and Korean (McCune-Reischauer, Revised) disagree on
    // voicing and aspiration (k/g, t/d, p/b), on the affricates (ch, j, zh, ts, tz, z, q, c), on x / hs
    // and sh / s, on r/l, and on how a vowel is spelt (ŏ/eo/o, ŭ/eu/u, ou/o, oo/u, ae/e, ee/i).
    static const std::pair<QLatin1StringView, QLatin1StringView> kSame[] = {
        { "tch"_L1, "c"_L1 },
        { "ch"_L1, "c"_L1 },
        { "ts"_L1, "c"_L1 },
        { "tz"_L1, "c"_L1 },
        { "zh"_L1, "c"_L1 },
        { "hs"_L1, "x"_L1 },
        { "sh"_L1, "s"_L1 },
        { "eo"_L1, "o"_L1 },
        { "eu"_L1, "u"_L1 },
        { "ou"_L1, "o"_L1 },
        { "oo"_L1, "u"_L1 },
        { "ae"_L1, "e"_L1 },
        { "ee"_L1, "i"_L1 },
    };
    QString s = token;
    for (const auto &[from, to] : kSame)
        if (s.contains(from))
            s.replace(from, to);
    for (QChar &c : s) {
        switch (c.unicode()) {
        case u'j':
        case u'z':
        case u'q':
            c = u'c';
            break;
        case u'g':
            c = u'k';
            break;
        case u'd':
            c = u't';
            break;
        case u'b':
            c = u'p';
            break;
        case u'r':
            c = u'l';
            break;
        default:
            break;
        }
    }
    return s;
}

bool NameNormalizer::isParticle(const QString &token)
{
    static const QSet<QString> particles = [] {
        QSet<QString> s;
        for (const char *p : kParticles)
            s.insert(QString::fromLatin1(p));
        return s;
    }();
    return particles.contains(token);
}

void NameNormalizer::addLegalForm(const QString &alias, const QString &compare)
{
    const QString phrase = fold(alias);
    QString cmp = fold(compare);
    cmp.remove(u' ');
    if (phrase.isEmpty() || cmp.isEmpty())
        return;
    m_orgTypes.insert(phrase, cmp);
    if (!phrase.contains(u' ') && phrase.size() >= 5)
        m_singleWordForms.insert(phrase, cmp);
    m_legalForms.insert(cmp);
    m_maxPhraseTokens = std::max<int>(m_maxPhraseTokens, int(phrase.count(u' ')) + 1);
}

static QString yamlScalar(QStringView line)
{
    QString v = line.trimmed().toString();
    if (v.size() >= 2
        && ((v.startsWith(u'"') && v.endsWith(u'"')) || (v.startsWith(u'\'') && v.endsWith(u'\''))))
        v = v.mid(1, v.size() - 2);
    return v;
}

int NameNormalizer::addRigourOrgTypes(const QByteArray &yaml)
{
    int added = 0;
    QString display;
    QString compare;
    QStringList aliases;
    auto flush = [&] {
        const QString target = compare.isEmpty() ? display : compare;
        if (!target.isEmpty()) {
            for (const QString &a : std::as_const(aliases)) {
                addLegalForm(a, target);
                ++added;
            }
            addLegalForm(display, target);
        }
        display.clear();
        compare.clear();
        aliases.clear();
    };
    const QStringList lines = QString::fromUtf8(yaml).split(u'\n');
    for (const QString &raw : lines) {
        const QStringView line = QStringView(raw).trimmed();
        if (line.startsWith(u'#') || line.isEmpty())
            continue;
        if (line.startsWith(u"- display:")) {
            flush();
            display = yamlScalar(line.mid(10));
        } else if (line.startsWith(u"compare:")) {
            compare = yamlScalar(line.mid(8));
        } else if (line.startsWith(u"- ") && !display.isEmpty()) {
            aliases.append(yamlScalar(line.mid(2)));
        }
    }
    flush();
    return added;
}

int NameNormalizer::addRigourPersonPrefixes(const QByteArray &yaml)
{
    int added = 0;
    bool inPrefixes = false;
    const QStringList lines = QString::fromUtf8(yaml).split(u'\n');
    for (const QString &raw : lines) {
        if (!raw.startsWith(u' ') && raw.endsWith(u':')) {
            inPrefixes = raw == u"PERSON_NAME_PREFIXES:";
            continue;
        }
        const QStringView line = QStringView(raw).trimmed();
        if (inPrefixes && line.startsWith(u"- ")) {
            if (m_titles.add(yamlScalar(line.mid(2)), PersonTitles::Position::BeforeName))
                ++added;
        }
    }
    return added;
}

QStringList NameNormalizer::tokens(const QString &name, NameKind kind) const
{
    QStringList out;
    for (const Part &part : parts(name, kind))
        out.append(part.text);
    return out;
}

QList<NameNormalizer::Part> NameNormalizer::parts(const QString &name, NameKind kind, bool *titled) const
{
    QList<Part> in = foldParts(name.left(384));
    if (titled)
        *titled = false;
    if (kind != NameKind::Organisation) {
        QStringList words;
        for (const Part &p : std::as_const(in))
            words.append(p.text);
        const std::vector<bool> title = m_titles.titleWords(words);
        QList<Part> kept;
        for (qsizetype i = 0; i < in.size(); ++i)
            if (!title[size_t(i)])
                kept.append(in.at(i));
        if (titled)
            *titled = kept.size() < in.size();
        in = kept;
    }
    if (kind != NameKind::Organisation) {
        for (Part &p : in)
            if (p.writing == ScriptTransliterator::Writing::Alphabetic)
                p.text = patronymicForm(p.text);
    }
    if (kind == NameKind::Person)
        return in;
    QList<Part> out;
    out.reserve(in.size());
    for (qsizetype i = 0; i < in.size();) {
        bool replaced = false;
        for (qsizetype n = std::min<qsizetype>(m_maxPhraseTokens, in.size() - i); n >= 1 && !replaced; --n) {
            QString phrase = in.at(i).text;
            for (qsizetype k = i + 1; k < i + n; ++k)
                phrase += u' ' + in.at(k).text;
            const auto it = m_orgTypes.constFind(phrase);
            // A single-letter "phrase" is an initial, not a legal form.
            if (it != m_orgTypes.cend() && phrase.size() > 1) {
                out.append(Part { *it, ScriptTransliterator::Writing::Alphabetic });
                i += n;
                replaced = true;
            }
        }
        if (!replaced) {
            // A misspelt one-word legal form ("Kompany", "Compani"): one edit from a known form of
            // at least 5 letters.
            const QString &token = in.at(i).text;
            if (token.size() >= 5) {
                for (auto it = m_singleWordForms.cbegin(); it != m_singleWordForms.cend() && !replaced;
                     ++it) {
                    if (oneTypoApart(it.key(), token)) {
                        out.append(Part { it.value(), ScriptTransliterator::Writing::Alphabetic });
                        replaced = true;
                    }
                }
            }
            if (!replaced)
                out.append(in.at(i));
            ++i;
        }
    }
    return out;
}

} // namespace ades::eu
