#include "FakeVies.h"

#include "TestData.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QPointer>
#include <QRegularExpression>
#include <QTcpSocket>
#include <QTimer>
#include <QXmlStreamReader>

using namespace Qt::StringLiterals;

namespace ades::test {

namespace {

constexpr QStringView BasePath = u"/taxation_customs/vies/rest-api";
constexpr QStringView SoapPath = u"/taxation_customs/vies/services/checkVatService";

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

// Sets the text of every element with this local name (whatever its prefix) in a canonical SOAP body.
QByteArray withElement(QByteArray xml, const char *localName, const QString &text)
{
    const QRegularExpression element(
        u"(<([A-Za-z0-9_]+:)?%1>)[^<]*(</([A-Za-z0-9_]+:)?%1>)"_s.arg(QString::fromLatin1(localName)));
    QString body = QString::fromUtf8(xml);
    body.replace(element, u"\\1"_s + text.toHtmlEscaped() + u"\\3"_s);
    return body.toUtf8();
}

} // namespace

FakeVies::FakeVies(QObject *parent)
    : LoopbackHttpServer(parent)
{
    const QString shared = sharedDataDir();
    if (shared.isEmpty()) {
        m_error = u"../shared/data is absent"_s;
        return;
    }
    if (!loadData(shared + u"/vies"_s))
        return;
    if (!listen())
        m_error = listenError();
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
    const QDir soap(viesDir + u"/soap"_s);
    const QStringList soapFiles = soap.entryList({ u"*.xml"_s }, QDir::Files);
    for (const QString &name : soapFiles) {
        QFile file(soap.filePath(name));
        if (!file.open(QIODevice::ReadOnly)) {
            m_error = u"cannot read "_s + file.fileName();
            return false;
        }
        m_soapBodies.insert(QFileInfo(name).completeBaseName(), file.readAll());
    }
    for (const QString &needed :
        { u"checkVat.response.valid"_s, u"checkVat.response.invalid"_s, u"checkVatApprox.response.valid"_s,
            u"checkVatApprox.response.invalid"_s, u"fault.SERVICE_UNAVAILABLE"_s }) {
        if (!m_soapBodies.contains(needed)) {
            m_error = u"missing vies/soap/"_s + needed + u".xml"_s;
            return false;
        }
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
    return m_error.isEmpty() && isListening();
}

QString FakeVies::errorString() const
{
    return m_error;
}

QString FakeVies::baseUrl() const
{
    return origin() + BasePath;
}

QString FakeVies::soapUrl() const
{
    return origin() + SoapPath;
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
    setDown(Endpoint::Rest, down);
    setDown(Endpoint::Soap, down);
}

void FakeVies::setDown(Endpoint which, bool down)
{
    endpoint(which).down = down;
    if (!down)
        return;
    // Also drop connections waiting for a delayed answer.
    const QList<QTcpSocket *> sockets = openConnections();
    for (QTcpSocket *socket : sockets) {
        const bool soap = socket->property("ades_soap").toBool();
        if (soap == (which == Endpoint::Soap))
            socket->abort();
    }
}

void FakeVies::setForcedFault(const QString &code)
{
    m_rest.forcedFault = code;
    m_soap.forcedFault = code;
}

void FakeVies::setForcedFault(Endpoint which, const QString &code)
{
    endpoint(which).forcedFault = code;
}

void FakeVies::setFaultFor(const QString &vatId, const QString &code)
{
    if (code.isEmpty())
        m_faultFor.remove(vatId);
    else
        m_faultFor.insert(vatId, code);
}

void FakeVies::setHtmlError(Endpoint which, int status)
{
    endpoint(which).htmlError = status;
}

void FakeVies::setConcurrencyLimits(int overall, int perState)
{
    m_limitOverall = overall;
    m_limitPerState = perState;
}

int FakeVies::requestCount(Endpoint which) const
{
    return which == Endpoint::Rest ? m_rest.requests : m_soap.requests;
}

int FakeVies::rejectedCount() const
{
    return m_rejected;
}

int FakeVies::peakInFlight() const
{
    return m_peakInFlight;
}

void FakeVies::resetCounters()
{
    m_requestCount = 0;
    m_rest.requests = 0;
    m_soap.requests = 0;
    m_rejected = 0;
    m_peakInFlight = m_inFlight;
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

void FakeVies::handle(QTcpSocket *socket, const Request &request)
{
    const QByteArray &method = request.method;
    const QByteArray &body = request.body;
    const QString path = QString::fromLatin1(request.target);
    const bool soap = path.startsWith(SoapPath);
    socket->setProperty("ades_soap", soap);
    EndpointState &state = endpoint(soap ? Endpoint::Soap : Endpoint::Rest);
    if (state.down) {
        socket->abort();
        return;
    }
    ++m_requestCount;
    ++state.requests;
    m_lastBody = body;
    m_lastPath = path;
    Q_EMIT requestReceived(path);

    const Reply reply = route(method, path, body);
    if (!reply.state.isEmpty()) {
        ++m_inFlight;
        ++m_inFlightPerState[reply.state];
        m_peakInFlight = qMax(m_peakInFlight, m_inFlight);
    }
    const QPointer<QTcpSocket> guarded(socket);
    if (m_delayMs > 0)
        QTimer::singleShot(m_delayMs, this, [this, guarded, reply]() { answer(guarded, reply); });
    else
        answer(socket, reply);
}

void FakeVies::answer(QTcpSocket *socket, const Reply &reply)
{
    if (!reply.state.isEmpty()) {
        --m_inFlight;
        if (--m_inFlightPerState[reply.state] <= 0)
            m_inFlightPerState.remove(reply.state);
    }
    if (!socket)
        return;
    const bool soap = socket->property("ades_soap").toBool();
    if (endpoint(soap ? Endpoint::Soap : Endpoint::Rest).down) {
        socket->abort();
        return;
    }
    respond(socket, reply);
}

FakeVies::Reply FakeVies::route(const QByteArray &method, const QString &path, const QByteArray &body)
{
    if (path.startsWith(SoapPath)) {
        if (m_soap.htmlError)
            return html(m_soap.htmlError);
        if (method != "POST")
            return html(405);
        return checkVatSoap(body);
    }
    if (m_rest.htmlError)
        return html(m_rest.htmlError);
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

QString FakeVies::admit(const QString &state) const
{
    if (m_limitOverall > 0 && m_inFlight >= m_limitOverall)
        return u"GLOBAL_MAX_CONCURRENT_REQ"_s;
    if (m_limitPerState > 0 && m_inFlightPerState.value(state) >= m_limitPerState)
        return u"MS_MAX_CONCURRENT_REQ"_s;
    return {};
}

FakeVies::Verdict FakeVies::verdict(const QString &country, const QString &number, bool namesRequester,
    const QString &requesterCountry, const QString &requesterNumber) const
{
    Verdict v;
    if (!viesMembers().contains(country) || !isViesNumber(number)) {
        v.fault = u"INVALID_INPUT"_s;
        return v;
    }
    if (namesRequester && (!viesMembers().contains(requesterCountry) || !isViesNumber(requesterNumber))) {
        v.fault = u"INVALID_REQUESTER_INFO"_s;
        return v;
    }
    if (m_faultFor.contains(country + number)) {
        v.fault = m_faultFor.value(country + number);
        return v;
    }
    v.name = u"---"_s;
    v.address = u"---"_s;
    if (m_testNumbers.contains(number)) {
        const QString outcome = m_testNumbers.value(number);
        if (outcome != u"valid"_s && outcome != u"invalid"_s)
            v.fault = outcome;
        v.valid = outcome == u"valid"_s;
    } else if (m_registry.contains(country + number)) {
        const QJsonObject entry = m_registry.value(country + number);
        v.valid = entry.value(u"valid"_s).toBool();
        v.name = entry.value(u"name"_s).toString();
        v.address = entry.value(u"address"_s).toString();
    }
    return v;
}

FakeVies::Reply FakeVies::checkVatNumber(const QByteArray &body)
{
    const QJsonDocument doc = QJsonDocument::fromJson(body);
    if (!doc.isObject())
        return fault(u"INVALID_INPUT"_s);
    if (!m_rest.forcedFault.isEmpty())
        return fault(m_rest.forcedFault);
    const QJsonObject request = doc.object();
    const QString country = request.value(u"countryCode"_s).toString();
    const QString number = request.value(u"vatNumber"_s).toString();
    const bool namesRequester
        = request.contains(u"requesterMemberStateCode"_s) || request.contains(u"requesterNumber"_s);
    const Verdict v
        = verdict(country, number, namesRequester, request.value(u"requesterMemberStateCode"_s).toString(),
            request.value(u"requesterNumber"_s).toString());
    if (!v.fault.isEmpty())
        return fault(v.fault);
    if (const QString limited = admit(country); !limited.isEmpty()) {
        ++m_rejected;
        return fault(limited);
    }

    QString templateName = u"check-vat-number.response.invalid"_s;
    if (v.valid && namesRequester)
        templateName = u"check-vat-number.response.valid-with-consultation-number"_s;
    else if (v.valid && v.name == u"---"_s)
        templateName = u"check-vat-number.response.valid-masked"_s;
    else if (v.valid)
        templateName = u"check-vat-number.response.valid"_s;
    QJsonObject answer = m_bodies.value(templateName);
    answer.insert(u"countryCode"_s, country);
    answer.insert(u"vatNumber"_s, number);
    answer.insert(u"valid"_s, v.valid);
    answer.insert(u"name"_s, v.name);
    answer.insert(u"address"_s, v.address);
    answer.insert(u"requestIdentifier"_s, namesRequester ? consultationNumber() : QString(u""_s));
    Reply reply = json(answer);
    reply.state = country;
    return reply;
}

FakeVies::Reply FakeVies::checkVatSoap(const QByteArray &body)
{
    // Namespace-aware, like the service's own reader: the payload namespace and local names decide.
    const QString typesNs = u"urn:ec.europa.eu:taxud:vies:services:checkVat:types"_s;
    QXmlStreamReader xml(body);
    QString operation;
    QHash<QString, QString> fields;
    while (!xml.atEnd()) {
        if (xml.readNext() != QXmlStreamReader::StartElement || xml.namespaceUri() != typesNs)
            continue;
        const QString name = xml.name().toString();
        if (name == u"checkVat"_s || name == u"checkVatApprox"_s)
            operation = name;
        else
            fields.insert(name, xml.readElementText().trimmed());
    }
    if (xml.hasError() || operation.isEmpty())
        return soapFault(u"INVALID_INPUT"_s);
    if (!m_soap.forcedFault.isEmpty())
        return soapFault(m_soap.forcedFault);
    const QString country = fields.value(u"countryCode"_s);
    const QString number = fields.value(u"vatNumber"_s);
    const bool namesRequester
        = fields.contains(u"requesterCountryCode"_s) || fields.contains(u"requesterVatNumber"_s);
    const Verdict v = verdict(country, number, namesRequester, fields.value(u"requesterCountryCode"_s),
        fields.value(u"requesterVatNumber"_s));
    if (!v.fault.isEmpty())
        return soapFault(v.fault);
    if (const QString limited = admit(country); !limited.isEmpty()) {
        ++m_rejected;
        return soapFault(limited);
    }

    const bool approx = operation == u"checkVatApprox"_s;
    QByteArray answer
        = m_soapBodies.value(u"%1.response.%2"_s.arg(operation, v.valid ? u"valid"_s : u"invalid"_s));
    answer = withElement(answer, "countryCode", country);
    answer = withElement(answer, "vatNumber", number);
    answer = withElement(answer, "valid", v.valid ? u"true"_s : u"false"_s);
    answer = withElement(answer, approx ? "traderName" : "name", v.name);
    answer = withElement(answer, approx ? "traderAddress" : "address", v.address);
    if (approx) {
        const QByteArray withNumber = m_soapBodies.value(u"checkVatApprox.response.valid"_s);
        const QRegularExpression identifier(u"<([A-Za-z0-9_]+:)?requestIdentifier>([^<]*)<"_s);
        const QString issued = identifier.match(QString::fromUtf8(withNumber)).captured(2);
        answer = withElement(answer, "requestIdentifier", namesRequester && v.valid ? issued : QString());
    }
    Reply reply { { 200, answer, "text/xml; charset=utf-8" }, country };
    return reply;
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

FakeVies::Reply FakeVies::soapFault(const QString &code) const
{
    QByteArray body = m_soapBodies.value(u"fault."_s + code);
    if (body.isEmpty())
        body = withElement(m_soapBodies.value(u"fault.SERVICE_UNAVAILABLE"_s), "faultstring", code);
    // SOAP 1.1 says 500 for a fault; VIES has been seen answering 200 as well.
    return Reply { { m_faultsWithHttp200 ? 200 : 500, body, "text/xml; charset=utf-8" }, QString() };
}

FakeVies::Reply FakeVies::html(int status) const
{
    return Reply {
        { status,
            "<html><head><title>" + QByteArray::number(status) + " " + reasonPhrase(status)
                + "</title></head><body>The service behind this proxy is not available.</body></html>",
            "text/html" },
        QString()
    };
}

FakeVies::Reply FakeVies::json(const QJsonObject &object, int status) const
{
    return Reply { { status, QJsonDocument(object).toJson(QJsonDocument::Compact), "application/json" },
        QString() };
}

} // namespace ades::test

#include "moc_FakeVies.cpp"
