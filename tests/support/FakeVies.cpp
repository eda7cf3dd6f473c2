#include "FakeVies.h"

#include "TestData.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTimer>

using namespace Qt::StringLiterals;

namespace ades::test {

namespace {

constexpr QStringView BasePath = u"/taxation_customs/vies/rest-api";

// The 28 prefixes VIES answers for: the 27 member states and XI (Northern Ireland).
const QStringList &viesMembers()
{
    static const QStringList members
        = u"AT BE BG CY CZ DE DK EE EL ES FI FR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK XI"_s.split(
            u' ');
    return members;
}

// VIES accepts only [0-9A-Za-z+*.]{2,12} as a number (VIES REST API; INVALID_INPUT otherwise).
bool isViesNumber(const QString &number)
{
    static const QRegularExpression pattern(u"^[0-9A-Za-z+*.]{2,12}$"_s);
    return pattern.match(number).hasMatch();
}

QByteArray reasonPhrase(int status)
{
    switch (status) {
    case 200:
        return QByteArrayLiteral("OK");
    case 400:
        return QByteArrayLiteral("Bad Request");
    case 404:
        return QByteArrayLiteral("Not Found");
    case 405:
        return QByteArrayLiteral("Method Not Allowed");
    default:
        return QByteArrayLiteral("Internal Server Error");
    }
}

} // namespace

FakeVies::FakeVies(QObject *parent)
    : QObject(parent)
    , m_server(new QTcpServer(this))
{
    const QString shared = sharedDataDir();
    if (shared.isEmpty()) {
        m_error = u"../shared/data is absent"_s;
        return;
    }
    if (!loadData(shared + u"/vies"_s))
        return;
    connect(m_server, &QTcpServer::newConnection, this, &FakeVies::acceptConnection);
    if (!m_server->listen(QHostAddress::LocalHost, 0))
        m_error = u"cannot listen on 127.0.0.1: "_s + m_server->errorString();
}

FakeVies::~FakeVies()
{
    // Sockets are the server's children: destroy them while m_buffers still exists.
    delete m_server;
}

bool FakeVies::loadData(const QString &viesDir)
{
    const QDir rest(viesDir + u"/rest"_s);
    const QStringList files = rest.entryList({ u"*.json"_s }, QDir::Files);
    for (const QString &name : files) {
        QFile file(rest.filePath(name));
        if (!file.open(QIODevice::ReadOnly)) {
            m_error = u"cannot read "_s + file.fileName();
            return false;
        }
        m_bodies.insert(QFileInfo(name).completeBaseName(), QJsonDocument::fromJson(file.readAll()).object());
    }
    QFile scenariosFile(viesDir + u"/scenarios.json"_s);
    if (!scenariosFile.open(QIODevice::ReadOnly)) {
        m_error = u"cannot read "_s + scenariosFile.fileName();
        return false;
    }
    const QJsonObject scenarios = QJsonDocument::fromJson(scenariosFile.readAll()).object();
    const QJsonArray testNumbers = scenarios.value(u"test_service_numbers"_s).toArray();
    for (const QJsonValue &v : testNumbers) {
        const QJsonObject entry = v.toObject();
        const QString outcome = entry.value(u"outcome"_s).toString();
        m_testNumbers.insert(entry.value(u"vatNumber"_s).toString(),
            outcome == u"fault"_s ? entry.value(u"fault"_s).toString() : outcome);
    }
    const QJsonArray registry = scenarios.value(u"registry"_s).toArray();
    for (const QJsonValue &v : registry) {
        const QJsonObject entry = v.toObject();
        m_registry.insert(
            entry.value(u"countryCode"_s).toString() + entry.value(u"vatNumber"_s).toString(), entry);
    }
    for (const QString &needed : { u"check-vat-number.response.valid"_s,
             u"check-vat-number.response.invalid"_s, u"check-vat-number.response.valid-masked"_s,
             u"check-vat-number.response.valid-with-consultation-number"_s, u"check-status.response"_s }) {
        if (!m_bodies.contains(needed)) {
            m_error = u"missing vies/rest/"_s + needed + u".json"_s;
            return false;
        }
    }
    if (m_testNumbers.isEmpty() || m_registry.isEmpty()) {
        m_error = u"vies/scenarios.json has no test numbers or registry"_s;
        return false;
    }
    return true;
}

bool FakeVies::isReady() const
{
    return m_error.isEmpty() && m_server->isListening();
}

QString FakeVies::errorString() const
{
    return m_error;
}

quint16 FakeVies::port() const
{
    return m_server->serverPort();
}

QString FakeVies::baseUrl() const
{
    return u"http://127.0.0.1:%1"_s.arg(port()) + BasePath;
}

void FakeVies::setFaultsWithHttp200(bool on)
{
    m_faultsWithHttp200 = on;
}

void FakeVies::setDelayMs(int ms)
{
    m_delayMs = ms;
}

void FakeVies::setDown(bool down)
{
    m_down = down;
    if (!down)
        return;
    // Also drop connections waiting for a delayed answer.
    const QList<QTcpSocket *> sockets = m_buffers.keys();
    for (QTcpSocket *socket : sockets)
        socket->abort();
}

void FakeVies::setForcedFault(const QString &code)
{
    m_forcedFault = code;
}

int FakeVies::requestCount() const
{
    return m_requestCount;
}

QByteArray FakeVies::lastRequestBody() const
{
    return m_lastBody;
}

QString FakeVies::lastRequestPath() const
{
    return m_lastPath;
}

QString FakeVies::consultationNumber() const
{
    return m_bodies.value(u"check-vat-number.response.valid-with-consultation-number"_s)
        .value(u"requestIdentifier"_s)
        .toString();
}

void FakeVies::acceptConnection()
{
    while (QTcpSocket *socket = m_server->nextPendingConnection()) {
        connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
        if (m_down) {
            socket->abort();
            continue;
        }
        m_buffers.insert(socket, {});
        connect(socket, &QObject::destroyed, this, [this, socket]() { m_buffers.remove(socket); });
        connect(socket, &QTcpSocket::readyRead, this, [this, socket]() { readRequest(socket); });
    }
}

void FakeVies::readRequest(QTcpSocket *socket)
{
    QByteArray &buffer = m_buffers[socket];
    buffer += socket->readAll();
    const qsizetype headerEnd = buffer.indexOf("\r\n\r\n");
    if (headerEnd < 0)
        return;
    const QList<QByteArray> lines = buffer.left(headerEnd).split('\n');
    const QList<QByteArray> requestLine = lines.value(0).trimmed().split(' ');
    qsizetype contentLength = 0;
    for (const QByteArray &line : lines) {
        const qsizetype colon = line.indexOf(':');
        if (colon > 0 && line.left(colon).trimmed().toLower() == "content-length")
            contentLength = line.mid(colon + 1).trimmed().toLongLong();
    }
    if (buffer.size() < headerEnd + 4 + contentLength)
        return;
    const QByteArray body = buffer.mid(headerEnd + 4, contentLength);
    disconnect(socket, &QTcpSocket::readyRead, this, nullptr);

    const QByteArray method = requestLine.value(0);
    const QString path = QString::fromLatin1(requestLine.value(1));
    ++m_requestCount;
    m_lastBody = body;
    m_lastPath = path;
    Q_EMIT requestReceived(path);

    const Reply reply = route(method, path, body);
    if (m_delayMs > 0)
        QTimer::singleShot(m_delayMs, socket, [this, socket, reply]() { respond(socket, reply); });
    else
        respond(socket, reply);
}

void FakeVies::respond(QTcpSocket *socket, const Reply &reply)
{
    if (m_down || socket->state() != QAbstractSocket::ConnectedState) {
        socket->abort();
        return;
    }
    QByteArray head
        = "HTTP/1.1 " + QByteArray::number(reply.status) + ' ' + reasonPhrase(reply.status) + "\r\n";
    head += "Content-Type: application/json\r\nContent-Length: " + QByteArray::number(reply.body.size())
        + "\r\nConnection: close\r\n\r\n";
    socket->write(head + reply.body);
    socket->disconnectFromHost();
}

FakeVies::Reply FakeVies::route(const QByteArray &method, const QString &path, const QByteArray &body) const
{
    const QString endpoint = path.startsWith(BasePath) ? path.mid(BasePath.size()) : path;
    if (endpoint == u"/check-vat-number"_s || endpoint == u"/check-vat-test-service"_s) {
        if (method != "POST")
            return json({ { u"error"_s, u"method not allowed"_s } }, 405);
        return checkVatNumber(body);
    }
    if (endpoint == u"/check-status"_s) {
        if (method != "GET")
            return json({ { u"error"_s, u"method not allowed"_s } }, 405);
        return json(m_bodies.value(u"check-status.response"_s));
    }
    return json({ { u"error"_s, u"not found"_s } }, 404);
}

FakeVies::Reply FakeVies::checkVatNumber(const QByteArray &body) const
{
    const QJsonDocument doc = QJsonDocument::fromJson(body);
    if (!doc.isObject())
        return fault(u"INVALID_INPUT"_s);
    if (!m_forcedFault.isEmpty())
        return fault(m_forcedFault);
    const QJsonObject request = doc.object();
    const QString country = request.value(u"countryCode"_s).toString();
    const QString number = request.value(u"vatNumber"_s).toString();
    if (!viesMembers().contains(country) || !isViesNumber(number))
        return fault(u"INVALID_INPUT"_s);

    const bool namesRequester
        = request.contains(u"requesterMemberStateCode"_s) || request.contains(u"requesterNumber"_s);
    if (namesRequester
        && (!viesMembers().contains(request.value(u"requesterMemberStateCode"_s).toString())
            || !isViesNumber(request.value(u"requesterNumber"_s).toString())))
        return fault(u"INVALID_REQUESTER_INFO"_s);

    bool valid = false;
    QString name = u"---"_s;
    QString address = u"---"_s;
    if (m_testNumbers.contains(number)) {
        const QString outcome = m_testNumbers.value(number);
        if (outcome != u"valid"_s && outcome != u"invalid"_s)
            return fault(outcome);
        valid = outcome == u"valid"_s;
    } else if (m_registry.contains(country + number)) {
        const QJsonObject entry = m_registry.value(country + number);
        valid = entry.value(u"valid"_s).toBool();
        name = entry.value(u"name"_s).toString();
        address = entry.value(u"address"_s).toString();
    }

    QString templateName = u"check-vat-number.response.invalid"_s;
    if (valid && namesRequester)
        templateName = u"check-vat-number.response.valid-with-consultation-number"_s;
    else if (valid && name == u"---"_s)
        templateName = u"check-vat-number.response.valid-masked"_s;
    else if (valid)
        templateName = u"check-vat-number.response.valid"_s;
    QJsonObject answer = m_bodies.value(templateName);
    answer.insert(u"countryCode"_s, country);
    answer.insert(u"vatNumber"_s, number);
    answer.insert(u"valid"_s, valid);
    answer.insert(u"name"_s, name);
    answer.insert(u"address"_s, address);
    answer.insert(u"requestIdentifier"_s, namesRequester ? consultationNumber() : QString(u""_s));
    return json(answer);
}

FakeVies::Reply FakeVies::fault(const QString &code) const
{
    QJsonObject body = m_bodies.value(u"check-vat-number.error."_s + code);
    if (body.isEmpty()) {
        // Codes without a canonical file (…_TIME, SERVER_BUSY) get the same CommonResponse shape.
        body = QJsonObject { { u"actionSucceed"_s, false },
            { u"errorWrappers"_s, QJsonArray { QJsonObject { { u"error"_s, code } } } } };
    }
    const bool inputError = code == u"INVALID_INPUT"_s || code == u"INVALID_REQUESTER_INFO"_s;
    return json(body, m_faultsWithHttp200 ? 200 : (inputError ? 400 : 500));
}

FakeVies::Reply FakeVies::json(const QJsonObject &object, int status) const
{
    return { status, QJsonDocument(object).toJson(QJsonDocument::Compact) };
}

} // namespace ades::test

#include "moc_FakeVies.cpp"
