#include "FakeGleif.h"

#include "TestData.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QPointer>
#include <QTcpSocket>
#include <QTimer>
#include <QUrl>
#include <QUrlQuery>

using namespace Qt::StringLiterals;

namespace ades::test {

namespace {

constexpr QStringView BasePath = u"/api/v1";

QJsonObject readObject(const QString &path, QString *error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = u"cannot read "_s + path;
        return {};
    }
    const QJsonDocument doc = QJsonDocument::fromJson(file.readAll());
    if (!doc.isObject())
        *error = path + u" is not a JSON object"_s;
    return doc.object();
}

} // namespace

FakeGleif::FakeGleif(QObject *parent)
    : LoopbackHttpServer(parent)
{
    const QString shared = sharedDataDir();
    if (shared.isEmpty()) {
        m_error = u"../shared/data is absent"_s;
        return;
    }
    if (!loadData(shared))
        return;
    if (!listen())
        m_error = listenError();
}

bool FakeGleif::loadData(const QString &shared)
{
    for (const QString &single : { u"/gleif/lei-record.5299001ERX0K10IZUL40.json"_s,
             u"/upstreams/gleif/lei-records-HWUPKR0MPOU8FGXBT394.json"_s }) {
        const QJsonObject doc = readObject(shared + single, &m_error);
        if (!m_error.isEmpty())
            return false;
        addRecord(doc.value(u"data"_s).toObject(), doc.value(u"meta"_s).toObject());
    }
    const QJsonObject collection
        = readObject(shared + u"/gleif/lei-records.filter-lei.response.json"_s, &m_error);
    if (!m_error.isEmpty())
        return false;
    QJsonObject meta = collection.value(u"meta"_s).toObject();
    meta.remove(u"pagination"_s);
    const QJsonArray data = collection.value(u"data"_s).toArray();
    for (const QJsonValue &v : data)
        addRecord(v.toObject(), meta);

    QFile notFound(shared + u"/upstreams/gleif/error-404.json"_s);
    if (!notFound.open(QIODevice::ReadOnly)) {
        m_error = u"cannot read upstreams/gleif/error-404.json"_s;
        return false;
    }
    m_notFound = notFound.readAll();
    if (m_records.size() < 13) {
        m_error = u"expected at least 13 recorded GLEIF records, found %1"_s.arg(m_records.size());
        return false;
    }
    return true;
}

void FakeGleif::addRecord(const QJsonObject &resource, const QJsonObject &meta)
{
    const QString lei = resource.value(u"id"_s).toString();
    if (lei.isEmpty())
        return;
    if (!m_records.contains(lei))
        m_order.append(lei);
    m_records.insert(lei, resource);
    m_meta.insert(lei, meta);
}

bool FakeGleif::isReady() const
{
    return m_error.isEmpty() && isListening();
}

QString FakeGleif::errorString() const
{
    return m_error;
}

QString FakeGleif::baseUrl() const
{
    return origin() + BasePath;
}

void FakeGleif::setDelayMs(int ms)
{
    m_delayMs = ms;
}

void FakeGleif::setDown(bool down)
{
    m_down = down;
    if (!down)
        return;
    const QList<QTcpSocket *> sockets = openConnections();
    for (QTcpSocket *socket : sockets)
        socket->abort();
}

void FakeGleif::setForcedAnswer(int status, const QByteArray &body)
{
    m_forcedStatus = status;
    m_forcedBody = body;
}

void FakeGleif::setStatuses(
    const QString &lei, const QString &registrationStatus, const QString &entityStatus)
{
    QJsonObject resource = m_records.value(lei);
    QJsonObject attributes = resource.value(u"attributes"_s).toObject();
    if (!registrationStatus.isEmpty()) {
        QJsonObject registration = attributes.value(u"registration"_s).toObject();
        registration.insert(u"status"_s, registrationStatus);
        attributes.insert(u"registration"_s, registration);
    }
    if (!entityStatus.isEmpty()) {
        QJsonObject entity = attributes.value(u"entity"_s).toObject();
        entity.insert(u"status"_s, entityStatus);
        attributes.insert(u"entity"_s, entity);
    }
    resource.insert(u"attributes"_s, attributes);
    m_records.insert(lei, resource);
}

QList<QJsonObject> FakeGleif::records() const
{
    QList<QJsonObject> out;
    for (const QString &lei : m_order) {
        const QJsonObject attributes = m_records.value(lei).value(u"attributes"_s).toObject();
        const QJsonObject entity = attributes.value(u"entity"_s).toObject();
        out.append(QJsonObject {
            { u"lei"_s, lei },
            { u"legal_name"_s, entity.value(u"legalName"_s).toObject().value(u"name"_s) },
            { u"country"_s, entity.value(u"legalAddress"_s).toObject().value(u"country"_s) },
            { u"registration_status"_s, attributes.value(u"registration"_s).toObject().value(u"status"_s) },
            { u"entity_status"_s, entity.value(u"status"_s) },
        });
    }
    return out;
}

int FakeGleif::requestCount() const
{
    return m_requestCount;
}

QString FakeGleif::lastPath() const
{
    return m_lastPath;
}

void FakeGleif::handle(QTcpSocket *socket, const Request &request)
{
    const QString path = QString::fromLatin1(request.target);
    ++m_requestCount;
    m_lastPath = path;
    Q_EMIT requestReceived(path);

    const Reply reply = m_forcedStatus != 0 ? jsonApi(m_forcedStatus, m_forcedBody)
        : request.method != "GET"           ? jsonApi(405, QByteArrayLiteral("{\"errors\":[]}"))
                                            : route(path);
    const QPointer<QTcpSocket> guarded(socket);
    const auto send = [this, guarded, reply]() {
        if (m_down && guarded)
            guarded->abort();
        else
            respond(guarded, reply);
    };
    if (m_delayMs > 0)
        QTimer::singleShot(m_delayMs, this, send);
    else
        send();
}

FakeGleif::Reply FakeGleif::jsonApi(int status, const QByteArray &body) const
{
    return { status, body, QByteArrayLiteral("application/vnd.api+json") };
}

FakeGleif::Reply FakeGleif::route(const QString &path) const
{
    const QUrl url(path);
    QString endpoint = url.path();
    if (endpoint.startsWith(BasePath))
        endpoint = endpoint.mid(BasePath.size());
    if (endpoint.startsWith(u"/lei-records/"_s)) {
        const QString lei = endpoint.mid(13);
        if (!m_records.contains(lei))
            return jsonApi(404, m_notFound);
        const QJsonObject body { { u"meta"_s, m_meta.value(lei) }, { u"data"_s, m_records.value(lei) } };
        return jsonApi(200, QJsonDocument(body).toJson(QJsonDocument::Compact));
    }
    if (endpoint == u"/lei-records"_s) {
        // Keys arrive percent-encoded (filter%5Bfulltext%5D): compare them decoded.
        QHash<QString, QString> items;
        const auto pairs = QUrlQuery(url).queryItems(QUrl::FullyDecoded);
        for (const auto &[key, value] : pairs)
            items.insert(key, value);
        const QStringList words
            = items.value(u"filter[fulltext]"_s).toCaseFolded().split(u' ', Qt::SkipEmptyParts);
        const QString country = items.value(u"filter[entity.legalAddress.country]"_s);
        QJsonArray data;
        for (const QString &lei : m_order) {
            const QJsonObject resource = m_records.value(lei);
            const QJsonObject entity
                = resource.value(u"attributes"_s).toObject().value(u"entity"_s).toObject();
            const QString name
                = entity.value(u"legalName"_s).toObject().value(u"name"_s).toString().toCaseFolded();
            const QString recordCountry
                = entity.value(u"legalAddress"_s).toObject().value(u"country"_s).toString();
            bool all = !words.isEmpty();
            for (const QString &w : words)
                all = all && name.contains(w);
            if (all && (country.isEmpty() || recordCountry == country))
                data.append(resource);
        }
        const QJsonObject body {
            { u"meta"_s,
                QJsonObject { { u"goldenCopy"_s, m_meta.value(m_order.first()).value(u"goldenCopy"_s) },
                    { u"pagination"_s,
                        QJsonObject { { u"currentPage"_s, 1 }, { u"perPage"_s, 20 },
                            { u"total"_s, data.size() } } } } },
            { u"data"_s, data },
        };
        return jsonApi(200, QJsonDocument(body).toJson(QJsonDocument::Compact));
    }
    return jsonApi(404, m_notFound);
}

} // namespace ades::test

#include "moc_FakeGleif.cpp"
