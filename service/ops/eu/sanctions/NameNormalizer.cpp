#include "NameNormalizer.h"

#include "NameScorer.h"

using namespace Qt::StringLiterals;

namespace ades::eu {

namespace {

struct Translit
{
    char16_t from;
    const char *to;
};

// Lower-case letters only: input is case-folded and decomposed first. Cyrillic after the common
// English-language romanisation of sanctions lists (BGN/PCGN-like, "kh", "zh", "ts"), Greek after
// ELOT 743, Arabic/Persian consonants after a simplified DIN 31635 without diacritics.
constexpr Translit kTable[] = {
    // Cyrillic (Russian, Ukrainian, Belarusian, Serbian, Macedonian)
    { u'а', "a" },
    { u'б', "b" },
    { u'в', "v" },
    { u'г', "g" },
    { u'д', "d" },
    { u'е', "e" },
    { u'ж', "zh" },
    { u'з', "z" },
    { u'и', "i" },
    { u'й', "y" },
    { u'к', "k" },
    { u'л', "l" },
    { u'м', "m" },
    { u'н', "n" },
    { u'о', "o" },
    { u'п', "p" },
    { u'р', "r" },
    { u'с', "s" },
    { u'т', "t" },
    { u'у', "u" },
    { u'ф', "f" },
    { u'х', "kh" },
    { u'ц', "ts" },
    { u'ч', "ch" },
    { u'ш', "sh" },
    { u'щ', "shch" },
    { u'ъ', "" },
    { u'ы', "y" },
    { u'ь', "" },
    { u'э', "e" },
    { u'ю', "yu" },
    { u'я', "ya" },
    { u'ё', "e" },
    { u'є', "ye" },
    { u'і', "i" },
    { u'ї', "yi" },
    { u'ґ', "g" },
    { u'ў', "u" },
    { u'ђ', "dj" },
    { u'ј', "j" },
    { u'љ', "lj" },
    { u'њ', "nj" },
    { u'ћ', "c" },
    { u'џ', "dz" },
    { u'ѓ', "gj" },
    { u'ќ', "kj" },
    { u'ѕ', "dz" },
    // Greek
    { u'α', "a" },
    { u'β', "v" },
    { u'γ', "g" },
    { u'δ', "d" },
    { u'ε', "e" },
    { u'ζ', "z" },
    { u'η', "i" },
    { u'θ', "th" },
    { u'ι', "i" },
    { u'κ', "k" },
    { u'λ', "l" },
    { u'μ', "m" },
    { u'ν', "n" },
    { u'ξ', "x" },
    { u'ο', "o" },
    { u'π', "p" },
    { u'ρ', "r" },
    { u'σ', "s" },
    { u'ς', "s" },
    { u'τ', "t" },
    { u'υ', "y" },
    { u'φ', "f" },
    { u'χ', "ch" },
    { u'ψ', "ps" },
    { u'ω', "o" },
    // Arabic and Persian
    { u'ا', "a" },
    { u'ب', "b" },
    { u'ت', "t" },
    { u'ث', "th" },
    { u'ج', "j" },
    { u'ح', "h" },
    { u'خ', "kh" },
    { u'د', "d" },
    { u'ذ', "dh" },
    { u'ر', "r" },
    { u'ز', "z" },
    { u'س', "s" },
    { u'ش', "sh" },
    { u'ص', "s" },
    { u'ض', "d" },
    { u'ط', "t" },
    { u'ظ', "z" },
    { u'ع', "" },
    { u'غ', "gh" },
    { u'ف', "f" },
    { u'ق', "q" },
    { u'ك', "k" },
    { u'ل', "l" },
    { u'م', "m" },
    { u'ن', "n" },
    { u'ه', "h" },
    { u'و', "w" },
    { u'ي', "y" },
    { u'ى', "a" },
    { u'ة', "a" },
    { u'ء', "" },
    { u'ئ', "y" },
    { u'ؤ', "w" },
    { u'پ', "p" },
    { u'چ', "ch" },
    { u'ژ', "zh" },
    { u'گ', "g" },
    { u'ک', "k" },
    { u'ی', "y" },
    { u'ۀ', "h" },
    // Latin letters NFKD does not decompose
    { u'ß', "ss" },
    { u'æ', "ae" },
    { u'ø', "o" },
    { u'đ', "d" },
    { u'ł', "l" },
    { u'þ', "th" },
    { u'ı', "i" },
    { u'œ', "oe" },
    { u'ð', "d" },
    { u'ħ', "h" },
};

const QHash<char16_t, const char *> &translitMap()
{
    static const QHash<char16_t, const char *> map = [] {
        QHash<char16_t, const char *> m;
        for (const Translit &t : kTable)
            m.insert(t.from, t.to);
        return m;
    }();
    return map;
}

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

constexpr const char *kDefaultPrefixes[] = { "mr", "mrs", "ms", "miss", "dr", "prof", "sir", "madam", "mme",
    "monsieur", "sheikh", "shaikh", "sheik", "haji", "hajji", "mullah", "maulvi", "maulavi", "mawlawi",
    "qari", "general", "colonel", "president", "presidente", "prasident", "predsjednik", "prezident",
    "prezydent", "premier", "minister" };

constexpr const char *kParticles[] = { "al", "el", "ul", "ud", "bin", "ibn", "bint", "ben", "abu", "bou",
    "abd", "van", "von", "der", "den", "de", "da", "di", "du", "la", "le", "del", "della", "dos", "das", "do",
    "y", "e", "and", "of", "the", "ould", "uld", "oglu", "ogly", "kyzy" };

} // namespace

NameNormalizer::NameNormalizer()
{
    for (const auto &[alias, compare] : kDefaultLegalForms)
        addLegalForm(QString::fromUtf8(alias), QString::fromUtf8(compare));
    for (const char *p : kDefaultPrefixes)
        m_personPrefixes.insert(QString::fromLatin1(p));
}

const char *NameNormalizer::transliterate(char16_t c)
{
    return translitMap().value(c, nullptr);
}

QString NameNormalizer::fold(const QString &text)
{
    // Precomposed letters with their own romanisation (й, ї, ё) first; base letters left after
    // decomposition (Greek with tonos) in the main loop.
    const QString composed = text.toCaseFolded().normalized(QString::NormalizationForm_C);
    QString romanised;
    romanised.reserve(composed.size());
    for (const QChar c : composed) {
        if (const char *t = transliterate(c.unicode()))
            romanised.append(QLatin1StringView(t));
        else
            romanised.append(c);
    }
    const QString decomposed = romanised.normalized(QString::NormalizationForm_KD);
    QString out;
    out.reserve(decomposed.size());
    bool space = true;
    for (const QChar c : decomposed) {
        const QChar::Category cat = c.category();
        if (cat == QChar::Mark_NonSpacing || cat == QChar::Mark_SpacingCombining
            || cat == QChar::Mark_Enclosing)
            continue;
        // Apostrophes join ("O'Brien" = "OBrien"); Arabic tatweel is decoration.
        if (c == u'\'' || c == u'\u2019' || c == u'\u2018' || c == u'`' || c == u'\u02bc' || c == u'\u0640')
            continue;
        if (const char *t = transliterate(c.unicode())) {
            out.append(QLatin1StringView(t));
            space = false;
        } else if (c.isLetterOrNumber()) {
            out.append(c.toLower());
            space = false;
        } else if (!space) {
            out.append(u' ');
            space = true;
        }
    }
    if (out.endsWith(u' '))
        out.chop(1);
    return out;
}

QString NameNormalizer::phoneticKey(const QString &token)
{
    auto isVowel
        = [](QChar c) { return c == u'a' || c == u'e' || c == u'i' || c == u'o' || c == u'u' || c == u'y'; };
    QString s;
    s.reserve(token.size());
    for (qsizetype i = 0; i < token.size(); ++i) {
        QChar c = token.at(i);
        if (c == u'p' && i + 1 < token.size() && token.at(i + 1) == u'h') {
            s.append(u'f');
            ++i;
            continue;
        }
        // An 'h' after a consonant only modifies it (kh, sh, th, gh, ch, dh, zh).
        if (c == u'h' && !s.isEmpty() && !isVowel(s.back()))
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
            const QString p = fold(yamlScalar(line.mid(2)));
            if (!p.isEmpty() && !p.contains(u' ')) {
                m_personPrefixes.insert(p);
                ++added;
            }
        }
    }
    return added;
}

QStringList NameNormalizer::tokens(const QString &name, NameKind kind) const
{
    const QString folded = fold(name.left(384));
    QStringList in = folded.split(u' ', Qt::SkipEmptyParts);
    if (kind != NameKind::Organisation) {
        // Honorifics only lead a name; a name that is nothing but a prefix keeps it.
        while (in.size() > 1 && m_personPrefixes.contains(in.first()))
            in.removeFirst();
    }
    if (kind == NameKind::Person)
        return in;
    QStringList out;
    out.reserve(in.size());
    for (qsizetype i = 0; i < in.size();) {
        bool replaced = false;
        for (qsizetype n = std::min<qsizetype>(m_maxPhraseTokens, in.size() - i); n >= 1 && !replaced; --n) {
            const QString phrase = in.mid(i, n).join(u' ');
            const auto it = m_orgTypes.constFind(phrase);
            // A single-letter "phrase" is an initial, not a legal form.
            if (it != m_orgTypes.cend() && phrase.size() > 1) {
                out.append(*it);
                i += n;
                replaced = true;
            }
        }
        if (!replaced) {
            // A misspelt one-word legal form ("Kompany", "Compani"): one edit from a known form of
            // at least 5 letters.
            const QString &token = in.at(i);
            if (token.size() >= 5) {
                for (auto it = m_singleWordForms.cbegin(); it != m_singleWordForms.cend() && !replaced;
                     ++it) {
                    if (qAbs(it.key().size() - token.size()) <= 1
                        && NameScorer::levenshtein(it.key(), token) == 1) {
                        out.append(it.value());
                        replaced = true;
                    }
                }
            }
            if (!replaced)
                out.append(token);
            ++i;
        }
    }
    return out;
}

} // namespace ades::eu
