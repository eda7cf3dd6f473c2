#include "HtsClient.h"

#include "core/Clock.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QUrl>

using namespace Qt::StringLiterals;

namespace ades::us {

namespace {

// A whole chapter's export is a few hundred KB; a search answer less. Beyond this it is not a sane answer.
constexpr qint64 MaxResponseBytes = 4 * 1024 * 1024;
// How long the revision name is trusted before releaseList is asked again.
constexpr qint64 RevisionSeconds = 3600;

ServiceError unusable(const QString &what)
{
    return ServiceError::sourceUnavailable(HtsClient::sourceId(),
        u"The USITC tariff schedule sent an unusable answer (%1); the HTS code could not be checked."_s.arg(
            what));
}

QString text(const QJsonObject &row, const QString &key)
{
    const QJsonValue v = row.value(key);
    return v.isString() ? v.toString().trimmed() : QString();
}

QStringList strings(const QJsonValue &value)
{
    QStringList out;
    for (const QJsonValue &v : value.toArray()) {
        if (v.isString() && !v.toString().trimmed().isEmpty())
            out.append(v.toString().trimmed());
    }
    return out;
}

QStringList footnoteTexts(const QJsonValue &value)
{
    QStringList out;
    for (const QJsonValue &v : value.toArray()) {
        const QString note = text(v.toObject(), u"value"_s);
        if (!note.isEmpty())
            out.append(note);
    }
    return out;
}

QString nextHeading(const QString &heading)
{
    return u"%1"_s.arg(heading.toInt() + 1, 4, 10, QChar(u'0'));
}

} // namespace

UpstreamSource HtsClient::sourceDefaults()
{
    UpstreamSource source;
    source.id = sourceId();
    source.name = u"USITC Harmonized Tariff Schedule REST service"_s;
    source.baseUrl = QUrl(u"https://hts.usitc.gov/reststop"_s);
    source.timeoutMs = 10000;
    source.maxConnections = 2;
    return source;
}

QString HtsClient::sourceId()
{
    return u"usitc-hts"_s;
}

HtsClient::HtsClient(const UpstreamClient &upstream, const Clock &clock)
    : m_upstream(upstream)
    , m_clock(clock)
    , m_state(std::make_shared<State>())
{ }

Result<QList<HtsLine>> HtsClient::parseRows(const UpstreamResponse &response)
{
    if (response.httpStatus == 429 || response.httpStatus >= 400)
        return unusable(u"HTTP %1"_s.arg(response.httpStatus));
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(response.body, &error);
    if (error.error != QJsonParseError::NoError || !doc.isArray())
        return unusable(u"HTTP %1, not a JSON array"_s.arg(response.httpStatus));
    QList<HtsLine> rows;
    const QJsonArray array = doc.array();
    for (const QJsonValue &v : array) {
        if (!v.isObject())
            continue;
        const QJsonObject row = v.toObject();
        HtsLine line;
        line.number = text(row, u"htsno"_s);
        for (const QChar c : std::as_const(line.number)) {
            if (c.isDigit())
                line.digits.append(c);
        }
        // `indent` is a string in the feed; a number is read too.
        const QJsonValue indent = row.value(u"indent"_s);
        line.indent = qBound(0, indent.isString() ? indent.toString().toInt() : indent.toInt(), 20);
        line.description = text(row, u"description"_s);
        line.general = text(row, u"general"_s);
        line.special = text(row, u"special"_s);
        line.other = text(row, u"other"_s);
        line.units = strings(row.value(u"units"_s));
        line.footnotes = footnoteTexts(row.value(u"footnotes"_s));
        rows.append(line);
    }
    return rows;
}

QString HtsClient::parseRevision(const QByteArray &body)
{
    // The release list's exact shape is unverified (upstreams.md: "verify"); its revision names are not:
    // "2026HTSBasic", "2026HTSRev19". The newest one named anywhere in the body wins.
    static const QRegularExpression name(u"(20[0-9]{2})HTS(?:Basic|Rev([0-9]{1,3}))"_s);
    QString best;
    int bestYear = 0;
    int bestRev = -1;
    auto it = name.globalMatch(QString::fromUtf8(body.left(MaxResponseBytes)));
    while (it.hasNext()) {
        const QRegularExpressionMatch m = it.next();
        const int year = m.captured(1).toInt();
        const int rev = m.captured(2).isEmpty() ? 0 : m.captured(2).toInt();
        if (year > bestYear || (year == bestYear && rev > bestRev)) {
            bestYear = year;
            bestRev = rev;
            best = m.captured(0);
        }
    }
    return best;
}

void HtsClient::withRevision(std::function<void(QString revision)> then) const
{
    const QDateTime now = m_clock.now();
    {
        QMutexLocker locker(&m_state->mutex);
        if (m_state->revisionAskedAt.isValid() && m_state->revisionAskedAt.secsTo(now) < RevisionSeconds) {
            const QString revision = m_state->revision;
            locker.unlock(); // `then` takes the lock again
            return then(revision);
        }
    }
    UpstreamRequest request;
    request.source = sourceId();
    request.path = u"/releaseList"_s;
    request.maxResponseBytes = 256 * 1024;
    const std::shared_ptr<State> state = m_state;
    m_upstream.fetch(request, [state, now, then](Result<UpstreamResponse> r) {
        // Without a revision name the rows are still the current revision's; they are only not cached.
        const QString revision
            = r.ok() && r.value().httpStatus == 200 ? parseRevision(r.value().body) : QString();
        {
            QMutexLocker locker(&state->mutex);
            if (state->revision != revision) {
                state->headings.clear();
                state->snapshots.clear();
            }
            state->revision = revision;
            state->revisionAskedAt = revision.isEmpty() ? QDateTime() : now;
        }
        then(revision);
    });
}

void HtsClient::heading(const QString &digits, Callback done) const
{
    const QString heading = digits.left(4);
    const HtsClient *self = this;
    withRevision([self, heading, done](const QString &revision) {
        const QString key = revision + u'|' + heading;
        if (!revision.isEmpty()) {
            QMutexLocker locker(&self->m_state->mutex);
            const auto it = self->m_state->headings.constFind(key);
            if (it != self->m_state->headings.cend()) {
                HtsAnswer answer { *it, revision, self->m_state->snapshots.value(key), true };
                locker.unlock();
                return done(answer);
            }
        }
        const QString path
            = u"/exportList?from=%1&to=%2&format=JSON&styles=false"_s.arg(heading, nextHeading(heading));
        self->fetchRows(path, heading, revision, revision.isEmpty() ? QString() : key, done);
    });
}

void HtsClient::search(const QString &keyword, Callback done) const
{
    const HtsClient *self = this;
    withRevision([self, keyword, done](const QString &revision) {
        self->fetchRows(u"/search?keyword="_s + QString::fromLatin1(QUrl::toPercentEncoding(keyword)),
            QString(), revision, QString(), done);
    });
}

void HtsClient::fetchRows(const QString &path, const QString &heading, const QString &revision,
    const QString &cacheKey, Callback done) const
{
    UpstreamRequest request;
    request.source = sourceId();
    request.path = path;
    request.headers = { { "Accept", "application/json" } };
    request.maxResponseBytes = MaxResponseBytes;
    const std::shared_ptr<State> state = m_state;
    m_upstream.fetch(request, [state, heading, revision, cacheKey, done](Result<UpstreamResponse> r) {
        if (!r.ok())
            return done(r.error());
        Result<QList<HtsLine>> rows = parseRows(r.value());
        if (!rows.ok())
            return done(rows.error());
        HtsAnswer answer { {}, revision, r.value().snapshot, false };
        // Some readings of exportList include the range's end: a heading keeps its own rows only.
        for (const HtsLine &row : std::as_const(rows.value())) {
            if (heading.isEmpty() || row.digits.isEmpty() || row.digits.startsWith(heading))
                answer.rows.append(row);
        }
        if (!cacheKey.isEmpty()) {
            QMutexLocker locker(&state->mutex);
            if (state->revision == revision) {
                if (state->headings.size() >= MaxCachedHeadings) {
                    state->headings.clear();
                    state->snapshots.clear();
                }
                state->headings.insert(cacheKey, answer.rows);
                state->snapshots.insert(cacheKey, answer.snapshot);
            }
        }
        done(std::move(answer));
    });
}

} // namespace ades::us
