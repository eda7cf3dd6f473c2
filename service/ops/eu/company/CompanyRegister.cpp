#include "CompanyRegister.h"

#include <QDate>
#include <QJsonDocument>
#include <QJsonParseError>
#include <QUrl>

using namespace Qt::StringLiterals;

namespace ades::eu {

namespace {

// A register extract is small; KRS extracts of large companies reach tens of KB (statute history).
constexpr qint64 MaxRegisterAnswerBytes = 2 * 1024 * 1024;

} // namespace

CompanyRegister::CompanyRegister(
    const UpstreamClient &upstream, UpstreamSource source, Description description)
    : m_upstream(upstream)
    , m_source(std::move(source))
    , m_description(std::move(description))
{ }

CompanyRegister::~CompanyRegister() = default;

ServiceError CompanyRegister::unavailable(
    const UpstreamSource &source, const QString &code, const QString &detail)
{
    return ServiceError(ServiceError::Kind::Unavailable, code,
        u"%1 %2 Nothing was charged; retry later."_s.arg(source.name, detail))
        .setRetryable(true)
        .setMissing({ source.id });
}

ServiceError CompanyRegister::badResponse(const UpstreamSource &source, int httpStatus, const QString &detail)
{
    return unavailable(source, u"source_bad_response"_s,
        u"sent an answer that cannot be read as a register answer (HTTP %1: %2)."_s.arg(httpStatus)
            .arg(detail));
}

ServiceError CompanyRegister::nameSearchUnsupported() const
{
    return ServiceError::unprocessable(u"name_search_unsupported"_s,
        u"name: %1 offers no search by name: the official API looks companies up by registration number "
        u"only. "
        u"Give number instead. Nothing was charged."_s.arg(m_source.name),
        u"name"_s);
}

ServiceError CompanyRegister::refused(
    const UpstreamSource &source, const QString &argument, const QString &detail)
{
    return ServiceError::unprocessable(u"refused_by_register"_s,
        u"%1: %2 refused the query: %3. Nothing was charged."_s.arg(
            argument, source.name, detail.isEmpty() ? u"no reason given"_s : detail),
        argument);
}

void CompanyRegister::fetch(UpstreamRequest request, const Callback &done, Reader read) const
{
    request.source = m_source.id;
    request.maxResponseBytes = qMin(request.maxResponseBytes, MaxRegisterAnswerBytes);
    if (!request.headers.contains({ QByteArrayLiteral("Accept"), QByteArrayLiteral("application/json") }))
        request.headers.append({ QByteArrayLiteral("Accept"), QByteArrayLiteral("application/json") });
    const UpstreamSource source = m_source;
    m_upstream.fetch(request, [source, done, read = std::move(read)](Result<UpstreamResponse> response) {
        if (!response.ok()) {
            // Transport failure, timeout, oversized answer: UpstreamClient's message says which.
            const QString reason = response.error().message();
            return done(unavailable(source, u"source_unavailable"_s,
                reason.startsWith(source.name) ? reason.mid(source.name.size()).trimmed() : reason));
        }
        const int status = response.value().httpStatus;
        if (status == 429)
            return done(unavailable(source, u"source_rate_limited"_s,
                u"is limiting the rate of requests (HTTP 429): no answer was obtained."_s));
        if (status >= 500)
            return done(unavailable(source, u"source_unavailable"_s,
                u"is failing (HTTP %1): no answer was obtained."_s.arg(status)));
        read(response.value());
    });
}

QString CompanyRegister::baseUrl() const
{
    const UpstreamSource *configured = m_upstream.source(m_source.id);
    QString base = (configured ? configured->baseUrl : m_source.baseUrl).toString();
    while (base.endsWith(u'/'))
        base.chop(1);
    return base;
}

QString CompanyRegister::apiKey() const
{
    const UpstreamSource *configured = m_upstream.source(m_source.id);
    return configured ? configured->apiKey : QString();
}

std::optional<QJsonObject> CompanyRegister::jsonObject(const QByteArray &body)
{
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(body, &error);
    if (error.error != QJsonParseError::NoError || !doc.isObject())
        return std::nullopt;
    return doc.object();
}

QString CompanyRegister::text(const QJsonValue &value)
{
    if (value.isString())
        return value.toString().trimmed();
    if (value.isDouble()) {
        const double number = value.toDouble();
        // Integers only (postal codes, house numbers): a fraction is not a register number.
        if (number >= 0 && number < 1e15 && number == double(qint64(number)))
            return QString::number(qint64(number));
    }
    return {};
}

QString CompanyRegister::isoDate(const QString &text)
{
    const QString trimmed = text.trimmed();
    QDate date = QDate::fromString(trimmed.left(10), u"yyyy-MM-dd"_s);
    if (!date.isValid())
        date = QDate::fromString(trimmed.left(10), u"dd.MM.yyyy"_s);
    return date.isValid() ? date.toString(Qt::ISODate) : QString();
}

QString CompanyRegister::percentEncoded(const QString &text)
{
    return QString::fromLatin1(QUrl::toPercentEncoding(text));
}

} // namespace ades::eu
