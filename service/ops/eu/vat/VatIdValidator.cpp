#include "VatIdValidator.h"

using namespace Qt::StringLiterals;

namespace ades::eu {

namespace {

// Separators people type that some countries do not accept (python-stdnum strips only each country's own
// set, so "BE 0220,764.971" is invalid). Only used to find a suggestion, never to decide validity.
constexpr QStringView LooseSeparators = u" \t-./,:;_()'";

// Look-alike characters from word processors and phone keyboards, folded before anything else.
QString foldCharacters(const QString &input)
{
    QString out;
    out.reserve(input.size());
    for (QChar c : input) {
        const char16_t u = c.unicode();
        if ((u >= 0x2010 && u <= 0x2015) || u == 0x2212 || u == 0xFE58 || u == 0xFE63 || u == 0xFF0D)
            out += u'-';
        else if (u == 0x00A0 || (u >= 0x2000 && u <= 0x200A) || u == 0x202F || u == 0x205F || u == 0x3000)
            out += u' ';
        else if (u >= 0xFF10 && u <= 0xFF19)
            out += QChar(u'0' + (u - 0xFF10));
        else if (u >= 0xFF21 && u <= 0xFF3A)
            out += QChar(u'A' + (u - 0xFF21));
        else if (u >= 0xFF41 && u <= 0xFF5A)
            out += QChar(u'a' + (u - 0xFF41));
        else if (u == 0x00B7 || u == 0x2024 || u == 0x3002 || u == 0xFF0E)
            out += u'.';
        else if (u == 0x2044 || u == 0x2215 || u == 0xFF0F)
            out += u'/';
        else if (u == 0xFF1A)
            out += u':';
        else if (u == 0x201A || u == 0xFF0C)
            out += u',';
        else
            out += c;
    }
    return out;
}

QString removeCharacters(const QString &text, QStringView characters)
{
    QString out;
    out.reserve(text.size());
    for (QChar c : text) {
        if (!characters.contains(c))
            out += c;
    }
    return out;
}

struct RuleRun
{
    VatRuleOutcome outcome;
    QString cleaned; // separators removed, prefix still there
    QString body; // compact body after the prefix
    QString normalized; // prefix + body
};

// As python-stdnum does: the country's own separators, then the prefix stripped once, so a
// duplicated prefix stays in the body and fails.
RuleRun runRule(const VatCountryRule &rule, const QString &text, QStringView extraSeparators = {})
{
    RuleRun run;
    run.cleaned = removeCharacters(removeCharacters(text, rule.separators), extraSeparators).trimmed();
    run.body = run.cleaned;
    if (!rule.keepsPrefix) {
        for (const QString &p : rule.inputPrefixes) {
            if (run.body.startsWith(p)) {
                run.body.remove(0, p.size());
                break;
            }
        }
    }
    run.outcome = rule.check(run.body);
    run.normalized = rule.keepsPrefix ? run.body : rule.prefix + run.body;
    return run;
}

bool hasDuplicatedPrefix(const VatCountryRule &rule, const QString &cleaned)
{
    const QString rest = cleaned.mid(2);
    for (const QString &p : rule.inputPrefixes) {
        if (rest.startsWith(p) || (rule.prefix == u"AT"_s && rest.startsWith(u"U"_s + p)))
            return true;
    }
    return false;
}

QString quoted(QChar c)
{
    return c == u' ' ? u"space"_s : u"'"_s + c + u"'"_s;
}

QString failureMessage(const VatCountryRule &rule, const RuleRun &run)
{
    const QString subject = u"vat_id %1 (%2)"_s.arg(run.normalized, rule.name);
    QString message;
    switch (run.outcome.error) {
    case VatIdError::Format:
        message = subject + u": wrong format, expected "_s + rule.shape;
        break;
    case VatIdError::Length:
        message = subject
            + u": wrong length, expected %1; found %2 characters after the prefix"_s.arg(rule.shape)
                  .arg(rule.keepsPrefix ? run.body.size() - 3 : run.body.size());
        break;
    case VatIdError::Checksum:
        message = subject + u": the check digit does not match, so a character is probably mistyped"_s;
        break;
    case VatIdError::Component:
        message = subject + u": "_s
            + (run.outcome.detail.isEmpty() ? u"a part of the number is impossible"_s : run.outcome.detail);
        break;
    case VatIdError::None:
    case VatIdError::Country:
        break;
    }
    if (run.outcome.error != VatIdError::Component && !run.outcome.detail.isEmpty())
        message += u" ("_s + run.outcome.detail + u')';
    if (hasDuplicatedPrefix(rule, run.cleaned))
        message += u"; the country prefix appears twice"_s;
    if (run.outcome.error == VatIdError::Format) {
        QString foreign;
        for (QChar c : run.body) {
            if (LooseSeparators.contains(c) && !foreign.contains(c))
                foreign += c;
        }
        if (!foreign.isEmpty()) {
            QStringList names;
            for (QChar c : std::as_const(foreign))
                names << quoted(c);
            message += u"; %1 is not a separator in VAT IDs of %2"_s.arg(names.join(u" or "_s), rule.name);
        }
    }
    return message + u'.';
}

} // namespace

QString VatIdAnalysis::errorClass() const
{
    return VatIdValidator::errorClassName(error);
}

QString VatIdValidator::errorClassName(VatIdError error)
{
    switch (error) {
    case VatIdError::None:
        return {};
    case VatIdError::Format:
        return u"format"_s;
    case VatIdError::Length:
        return u"length"_s;
    case VatIdError::Checksum:
        return u"checksum"_s;
    case VatIdError::Component:
        return u"component"_s;
    case VatIdError::Country:
        return u"country"_s;
    }
    return {};
}

VatIdAnalysis VatIdValidator::analyse(const QString &input, const QString &countryHint) const
{
    VatIdAnalysis a;
    a.input = input;
    const QString text = foldCharacters(input).toUpper().trimmed();
    if (text.isEmpty()) {
        a.error = VatIdError::Format;
        a.message = u"vat_id is empty; expected a country prefix and the number, e.g. DE136695976."_s;
        return a;
    }

    QString subject = text;
    const VatCountryRule *rule = text.size() >= 2 ? vatCountryRule(QStringView(text).first(2)) : nullptr;
    bool hinted = false;
    if (!rule) {
        const QString hint = countryHint.trimmed().toUpper();
        if (const VatCountryRule *h = hint.size() == 2 ? vatCountryRule(hint) : nullptr) {
            rule = h;
            hinted = true;
            subject = (h->keepsPrefix ? u"CHE"_s : h->prefix) + text;
        }
    }
    if (!rule) {
        a.error = VatIdError::Country;
        a.normalized = removeCharacters(text, LooseSeparators);
        const bool letters = text.size() >= 2 && text[0].isLetter() && text[1].isLetter();
        a.message = letters
            ? u"vat_id %1: '%2' is not a VAT country prefix; use the code of an EU member state "
              u"(Greece: EL, Northern Ireland: XI) or GB, CH, NO."_s.arg(a.normalized, text.first(2))
            : u"vat_id %1 has no country prefix; write the two-letter country code first, "
              u"e.g. DE136695976."_s.arg(a.normalized);
        return a;
    }

    const RuleRun run = runRule(*rule, subject);
    a.normalized = run.normalized;
    a.country = rule->iso;
    a.countryName = rule->name;
    a.prefix = rule->prefix;
    a.number = run.normalized.mid(rule->prefix.size());
    a.isViesMember = rule->viesMember;
    a.viesPrefix = rule->viesMember ? rule->prefix : QString();
    a.error = run.outcome.error;
    a.formatValid = run.outcome.error == VatIdError::None;
    a.viesCheckable = a.formatValid && rule->viesMember && run.outcome.viesCheckable;

    if (a.formatValid) {
        a.message = run.outcome.detail;
        // Fixable: separators, lower case, GR instead of EL, a legacy short form, or the hinted prefix.
        if (hinted || a.normalized != input)
            a.suggestedVatId = a.normalized;
        return a;
    }
    a.message = failureMessage(*rule, run);
    // A separator this country does not accept is fixable; a duplicated prefix is not, because the
    // prefix is still stripped only once.
    const RuleRun loose = runRule(*rule, subject, LooseSeparators);
    if (loose.outcome.error == VatIdError::None)
        a.suggestedVatId = loose.normalized;
    return a;
}

} // namespace ades::eu
