#include "DisclosureFacts.h"

#include "catalog/JsonStringBytes.h"

#include <QCryptographicHash>
#include <QJsonValue>
#include <QLocale>
#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace ades::disclosure {

namespace {

ServiceError refuse(const QString &code, const QString &field, const QString &message)
{
    return ServiceError::unprocessable(code, field + u": "_s + message, field);
}

// The arguments a form takes besides the shared ones; anything else is refused by name, as the schema
// refuses it (additionalProperties false), so the reader stands on its own under fuzzing.
const QStringList SharedMembers { u"model"_s, u"model_provider"_s, u"deployer"_s, u"kind"_s, u"language"_s,
    u"purpose"_s, u"deployer_in_eu"_s, u"eu_users"_s, u"interacts_with_persons"_s, u"obvious_ai"_s,
    u"emotion_recognition"_s, u"biometric_categorisation"_s, u"deep_fake"_s, u"public_interest"_s,
    u"human_review"_s, u"editorial_responsibility"_s, u"artistic_work"_s, u"law_enforcement"_s,
    u"public_crime_reporting"_s, u"assistive_editing"_s, u"personal_use"_s };
const QStringList ContentMembers { u"content"_s, u"content_base64"_s };
const QStringList FingerprintMembers { u"content_sha256"_s, u"content_length"_s };

struct Reader
{
    const QJsonObject &args;
    std::optional<ServiceError> error;

    QString text(const QString &field, int maxLength)
    {
        const QJsonValue v = args.value(field);
        if (v.isUndefined() || v.isNull() || error)
            return {};
        if (!v.isString()) {
            error = refuse(u"invalid_type"_s, field, u"must be a string"_s);
            return {};
        }
        const QString s = v.toString().trimmed();
        if (s.size() > maxLength)
            error = refuse(u"too_long"_s, field, u"at most %1 characters"_s.arg(maxLength));
        // Control characters would let a declared name forge lines in the disclosure text.
        for (const QChar c : s) {
            if (!error && (c.category() == QChar::Other_Control || c.category() == QChar::Other_Format))
                error = refuse(u"invalid_value"_s, field, u"must not contain control or format characters"_s);
        }
        return s;
    }

    bool flag(const QString &field, bool fallback)
    {
        const QJsonValue v = args.value(field);
        if (v.isUndefined() || v.isNull() || error)
            return fallback;
        if (!v.isBool()) {
            error = refuse(u"invalid_type"_s, field, u"must be a boolean (true or false)"_s);
            return fallback;
        }
        return v.toBool();
    }
};

std::optional<ContentKind> kindFrom(const QString &name)
{
    if (name == u"text"_s)
        return ContentKind::Text;
    if (name == u"image"_s)
        return ContentKind::Image;
    if (name == u"audio"_s)
        return ContentKind::Audio;
    if (name == u"video"_s)
        return ContentKind::Video;
    return std::nullopt;
}

// An ISO 639 language code QLocale knows ("de", "deu"), optionally with an ISO 3166 region ("de-AT"):
// normalised to lower-case language, upper-case region; empty when unknown.
QString normalisedLanguage(const QString &code)
{
    static const QRegularExpression form(u"^([A-Za-z]{2,3})(?:[-_]([A-Za-z]{2}))?$"_s);
    const QRegularExpressionMatch m = form.match(code);
    if (!m.hasMatch())
        return {};
    const QString language = m.captured(1).toLower();
    if (QLocale::codeToLanguage(language) == QLocale::AnyLanguage)
        return {};
    if (m.captured(2).isEmpty())
        return language;
    const QString region = m.captured(2).toUpper();
    if (QLocale::codeToTerritory(region) == QLocale::AnyTerritory)
        return {};
    return language + u'-' + region;
}

} // namespace

void DisclosureFacts::hashContent()
{
    if (content)
        sha256 = QString::fromLatin1(QCryptographicHash::hash(*content, QCryptographicHash::Sha256).toHex());
}

QString kindName(ContentKind kind)
{
    switch (kind) {
    case ContentKind::Text:
        return u"text"_s;
    case ContentKind::Image:
        return u"image"_s;
    case ContentKind::Audio:
        return u"audio"_s;
    case ContentKind::Video:
        return u"video"_s;
    }
    return u"text"_s;
}

Result<DisclosureFacts> DisclosureFacts::read(const QJsonObject &arguments, Form form)
{
    QStringList allowed = SharedMembers;
    if (form != Form::Fingerprint)
        allowed += ContentMembers;
    if (form != Form::Content)
        allowed += FingerprintMembers;
    for (auto it = arguments.begin(); it != arguments.end(); ++it) {
        if (!allowed.contains(it.key()))
            return refuse(u"unknown_field"_s, it.key(), u"not an argument of this operation"_s);
    }

    DisclosureFacts facts;
    Reader r { arguments, std::nullopt };

    // The content, or its fingerprint: exactly one of the three.
    const bool hasText = arguments.contains(u"content"_s);
    const bool hasBytes = arguments.contains(u"content_base64"_s);
    const bool hasHash = arguments.contains(u"content_sha256"_s);
    if (int(hasText) + int(hasBytes) + int(hasHash) != 1) {
        const QString field = form == Form::Fingerprint ? u"content_sha256"_s : u"content"_s;
        const QString what = form == Form::Content ? u"exactly one of content and content_base64"_s
            : form == Form::Fingerprint            ? u"content_sha256"_s
                                        : u"exactly one of content, content_base64 and content_sha256"_s;
        return refuse(hasText || hasBytes || hasHash ? u"conflicting_fields"_s : u"missing_field"_s, field,
            u"give "_s + what);
    }
    // The strings' UTF-8 bytes straight from the JSON storage (JsonStringBytes): toString() would pass a
    // megabyte of content through UTF-16 and back (BenchAiDisclosure::read).
    if (hasText) {
        std::optional<QByteArray> text = JsonStringBytes::of(arguments, u"content"_s);
        if (!text)
            return refuse(u"invalid_type"_s, u"content"_s, u"must be a string (the text as sent)"_s);
        facts.content = std::move(*text);
    } else if (hasBytes) {
        std::optional<QByteArray> text = JsonStringBytes::of(arguments, u"content_base64"_s);
        if (!text)
            return refuse(u"invalid_type"_s, u"content_base64"_s, u"must be a base64 string"_s);
        // Far larger text than the bound is refused before it is decoded.
        if (text->size() > (MaxContentBytes + 2) / 3 * 4 + 4)
            return refuse(u"too_long"_s, u"content_base64"_s,
                u"the content may have at most %1 bytes"_s.arg(MaxContentBytes));
        QByteArray::FromBase64Result decoded
            = QByteArray::fromBase64Encoding(std::move(*text), QByteArray::AbortOnBase64DecodingErrors);
        if (!decoded)
            return refuse(
                u"invalid_base64"_s, u"content_base64"_s, u"must be standard base64 with padding"_s);
        facts.content = std::move(decoded.decoded);
    }
    if (facts.content) {
        if (facts.content->isEmpty())
            return refuse(
                u"too_short"_s, hasText ? u"content"_s : u"content_base64"_s, u"the content is empty"_s);
        if (facts.content->size() > MaxContentBytes)
            return refuse(u"too_long"_s, hasText ? u"content"_s : u"content_base64"_s,
                u"the content may have at most %1 bytes"_s.arg(MaxContentBytes));
        facts.contentLength = facts.content->size();
        if (arguments.contains(u"content_length"_s))
            return refuse(u"unknown_field"_s, u"content_length"_s,
                u"the service measures the content it is sent; give it only with content_sha256"_s);
    } else {
        const QJsonValue v = arguments.value(u"content_sha256"_s);
        static const QRegularExpression hex64(u"^[0-9A-Fa-f]{64}$"_s);
        if (!v.isString() || !hex64.match(v.toString()).hasMatch())
            return refuse(u"invalid_value"_s, u"content_sha256"_s,
                u"must be the SHA-256 of the content as 64 hexadecimal digits"_s);
        facts.sha256 = v.toString().toLower();
        const QJsonValue length = arguments.value(u"content_length"_s);
        if (!length.isUndefined() && !length.isNull()) {
            // An integer as JSON writes it; toDouble is exact for every value up to 2^53.
            const double d = length.toDouble(-1);
            if (!length.isDouble() || d < 0 || d > 9007199254740991.0 || d != double(qint64(d)))
                return refuse(u"invalid_value"_s, u"content_length"_s,
                    u"must be the content's size in bytes, an integer of at least 0"_s);
            facts.contentLength = qint64(d);
        }
    }

    facts.model = r.text(u"model"_s, MaxNameLength);
    facts.modelProvider = r.text(u"model_provider"_s, MaxNameLength);
    facts.deployer = r.text(u"deployer"_s, MaxNameLength);
    facts.purpose = r.text(u"purpose"_s, MaxPurposeLength);
    facts.editorialResponsibility = r.text(u"editorial_responsibility"_s, MaxNameLength);
    const QString kind = r.text(u"kind"_s, 16);
    const QString language = r.text(u"language"_s, 16);
    facts.deployerInEu = r.flag(u"deployer_in_eu"_s, true);
    facts.euUsers = r.flag(u"eu_users"_s, true);
    facts.interactsWithPersons = r.flag(u"interacts_with_persons"_s, false);
    facts.obviousAi = r.flag(u"obvious_ai"_s, false);
    facts.emotionRecognition = r.flag(u"emotion_recognition"_s, false);
    facts.biometricCategorisation = r.flag(u"biometric_categorisation"_s, false);
    facts.deepFake = r.flag(u"deep_fake"_s, false);
    facts.publicInterest = r.flag(u"public_interest"_s, false);
    facts.humanReview = r.flag(u"human_review"_s, false);
    facts.artisticWork = r.flag(u"artistic_work"_s, false);
    facts.lawEnforcement = r.flag(u"law_enforcement"_s, false);
    facts.publicCrimeReporting = r.flag(u"public_crime_reporting"_s, false);
    facts.assistiveEditing = r.flag(u"assistive_editing"_s, false);
    facts.personalUse = r.flag(u"personal_use"_s, false);
    if (r.error)
        return *r.error;

    if (!kind.isEmpty()) {
        const std::optional<ContentKind> k = kindFrom(kind);
        if (!k)
            return refuse(u"invalid_value"_s, u"kind"_s,
                u"must be text, image, audio or video (got \"%1\")"_s.arg(kind));
        facts.kind = *k;
    }
    if (!language.isEmpty()) {
        facts.language = normalisedLanguage(language);
        if (facts.language.isEmpty())
            return refuse(u"invalid_value"_s, u"language"_s,
                u"must be an ISO 639 language code such as de, en or de-AT (got \"%1\")"_s.arg(language));
    }
    // Art. 3(60): a deep fake is image, audio or video content; text cannot be one.
    if (facts.deepFake && facts.kind == ContentKind::Text)
        return refuse(u"invalid_value"_s, u"deep_fake"_s,
            u"a deep fake is image, audio or video content (Art. 3(60) of Regulation (EU) 2024/1689); "
            "kind is text"_s);
    return facts;
}

} // namespace ades::disclosure
