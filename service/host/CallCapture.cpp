#include "CallCapture.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStringList>
#include <QUrlQuery>
#include <cstring>

using namespace Qt::StringLiterals;

namespace ades {

namespace {

bool isTextType(const QByteArray &contentType)
{
    const QByteArray type = contentType.toLower();
    return type.isEmpty() || type.startsWith("text/") || type.contains("json") || type.contains("xml")
        || type.startsWith("application/x-www-form-urlencoded") || type.contains("javascript")
        || type.contains("yaml");
}

bool isJsonType(const QByteArray &contentType)
{
    return contentType.toLower().contains("json");
}

// The first `max` bytes, cut back to a whole UTF-8 sequence.
QString utf8Prefix(const QByteArray &bytes, qsizetype max)
{
    if (bytes.size() <= max)
        return QString::fromUtf8(bytes);
    qsizetype end = max;
    // Continuation bytes are 10xxxxxx: step back to the lead byte of a cut sequence and drop it.
    while (end > 0 && (uchar(bytes.at(end)) & 0xC0) == 0x80)
        --end;
    return QString::fromUtf8(bytes.first(end));
}

QJsonValue maskedJson(const QJsonValue &value, int depth)
{
    // Bounded: what nests deeper is not searched for secrets, so it is not kept either.
    if (depth > 64)
        return u"[nested too deep, not kept]"_s;
    if (value.isObject()) {
        QJsonObject object = value.toObject();
        for (auto it = object.begin(); it != object.end(); ++it) {
            if (CallCapture::isSecretMember(it.key()))
                it.value() = CallCapture::mask(
                    it.value().isString() ? it.value().toString().toUtf8() : QByteArray("(value)"));
            else
                it.value() = maskedJson(it.value(), depth + 1);
        }
        return object;
    }
    if (value.isArray()) {
        QJsonArray array = value.toArray();
        for (auto it = array.begin(); it != array.end(); ++it)
            *it = maskedJson(*it, depth + 1);
        return array;
    }
    return value;
}

void collectSources(const QJsonValue &value, QStringList &sources, int depth)
{
    if (depth > 64)
        return;
    if (value.isObject()) {
        const QJsonObject object = value.toObject();
        const QJsonValue source = object.value(u"source"_s);
        if (source.isString() && object.contains(u"fetched_at"_s) && !sources.contains(source.toString()))
            sources.append(source.toString());
        for (auto it = object.begin(); it != object.end(); ++it)
            collectSources(it.value(), sources, depth + 1);
    } else if (value.isArray()) {
        const QJsonArray array = value.toArray();
        for (const QJsonValue &item : array)
            collectSources(item, sources, depth + 1);
    }
}

} // namespace

void CallCapture::fill(
    CallRecord &record, const HttpRequestData &request, const CallNotes &notes, bool withBodies)
{
    record.requestHeaders = maskedHeaders(request.headers);
    record.requestBytes = request.body.size();
    record.responseBytes = notes.responseBody.size();
    if (withBodies) {
        record.query = maskedQuery(request.query);
        record.requestBody = requestBodyText(request.body, request.header("Content-Type"));
        record.responseBody = responseBodyText(notes.responseBody, notes.responseType);
    }
    record.sources = sourcesOf(notes.responseBody, notes.responseType);
}

bool CallCapture::isSecretHeader(QStringView name)
{
    // Compared without folding a copy: this runs for every header of every logged call.
    static const QStringList parts { u"key"_s, u"token"_s, u"secret"_s, u"auth"_s, u"signature"_s,
        u"payment"_s, u"password"_s, u"cookie"_s };
    return std::any_of(parts.cbegin(), parts.cend(),
        [name](const QString &part) { return name.contains(part, Qt::CaseInsensitive); });
}

bool CallCapture::isSecretMember(QStringView name)
{
    const QString lower = name.toString().toLower();
    if (lower.startsWith(u"x402/"_s))
        return true;
    static const QStringList parts { u"api_key"_s, u"apikey"_s, u"api-key"_s, u"token"_s, u"secret"_s,
        u"password"_s, u"passphrase"_s, u"authorization"_s, u"private_key"_s, u"privatekey"_s };
    return std::any_of(
        parts.cbegin(), parts.cend(), [&lower](const QString &part) { return lower.contains(part); });
}

QString CallCapture::mask(const QByteArray &value, bool keepScheme)
{
    const QByteArray trimmed = value.trimmed();
    QString scheme;
    if (keepScheme) {
        // "Bearer …" keeps its scheme: which kind of credential came is useful, the credential is not.
        const qsizetype space = trimmed.indexOf(' ');
        if (space > 0 && space <= 16)
            scheme = QString::fromLatin1(trimmed.first(space)) + u' ';
    }
    return scheme
        + u"\u2022\u2022\u2022\u2022\u2022\u2022\u2022\u2022 (masked, %1 bytes)"_s.arg(trimmed.size());
}

QString CallCapture::maskedHeaders(const HeaderList &headers)
{
    QString text;
    qsizetype kept = 0;
    for (const auto &[name, value] : headers) {
        const QString line = QString::fromLatin1(name) + u": "_s
            + (isSecretHeader(QString::fromLatin1(name)) ? mask(value, true) : QString::fromLatin1(value));
        kept += line.size() + 1;
        if (kept > MaxStoredBody) {
            text += u"(further headers not kept)\n"_s;
            break;
        }
        text += line + u'\n';
    }
    return text;
}

QString CallCapture::maskedQuery(const QUrlQuery &query)
{
    if (query.isEmpty())
        return {};
    QStringList pairs;
    const auto items = query.queryItems(QUrl::FullyDecoded);
    for (const auto &[name, value] : items)
        pairs.append(name + u'=' + (isSecretMember(name) ? mask(value.toUtf8()) : value));
    return utf8Prefix(pairs.join(u'&').toUtf8(), MaxStoredBody);
}

QString CallCapture::requestBodyText(const QByteArray &body, const QByteArray &contentType)
{
    if (body.isEmpty())
        return {};
    const QString type = contentType.isEmpty() ? u"unknown type"_s : QString::fromLatin1(contentType);
    if (!isTextType(contentType))
        return u"[%1 bytes of %2, not kept]"_s.arg(body.size()).arg(type);
    // Secrets can hide anywhere in a body: one that cannot be masked whole is not kept at all.
    if (body.size() > MaxStoredBody)
        return u"[%1 bytes of %2, larger than %3 bytes, not kept]"_s.arg(body.size())
            .arg(type)
            .arg(MaxStoredBody);
    if (isJsonType(contentType) || body.trimmed().startsWith('{')) {
        QJsonParseError error;
        const QJsonDocument document = QJsonDocument::fromJson(body, &error);
        if (error.error == QJsonParseError::NoError) {
            const QJsonValue masked = maskedJson(
                document.isObject() ? QJsonValue(document.object()) : QJsonValue(document.array()), 0);
            // Compact, as received in size; the console indents it for reading.
            return QString::fromUtf8(masked.isObject()
                    ? QJsonDocument(masked.toObject()).toJson(QJsonDocument::Compact)
                    : QJsonDocument(masked.toArray()).toJson(QJsonDocument::Compact));
        }
        // Unparsed, its secrets could not be found: not kept.
        return u"[%1 bytes of malformed JSON, not kept]"_s.arg(body.size());
    }
    if (contentType.toLower().startsWith("application/x-www-form-urlencoded"))
        return maskedQuery(QUrlQuery(QString::fromUtf8(body)));
    return QString::fromUtf8(body);
}

QString CallCapture::responseBodyText(const QByteArray &body, const QByteArray &contentType)
{
    if (body.isEmpty())
        return {};
    if (!isTextType(contentType))
        return u"[%1 bytes of %2, not kept]"_s.arg(body.size()).arg(QString::fromLatin1(contentType));
    return utf8Prefix(body, MaxStoredBody);
}

QString CallCapture::sourcesOf(const QByteArray &answer, const QByteArray &contentType)
{
    // The cheap test first: most answers name no upstream, and are never parsed here. glibc's memmem skips
    // through a key channel's 7 KB answer several times faster than QByteArray::contains (8.7 K instructions
    // a call, tests/bench/http).
    static constexpr char Marker[] = "\"fetched_at\"";
    if (!isJsonType(contentType) || answer.size() > MaxParsedAnswer
        || !::memmem(answer.constData(), size_t(answer.size()), Marker, sizeof(Marker) - 1))
        return {};
    const QJsonDocument document = QJsonDocument::fromJson(answer);
    QStringList sources;
    if (document.isObject())
        collectSources(document.object(), sources, 0);
    else if (document.isArray())
        collectSources(document.array(), sources, 0);
    return sources.join(u',');
}

} // namespace ades
