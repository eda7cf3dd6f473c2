#pragma once

#include "LoopbackHttpServer.h"

#include <QByteArray>
#include <QHash>
#include <QJsonObject>
#include <QString>

namespace ades::test {

// The VIES REST API and SOAP service on 127.0.0.1 (ephemeral port) for integration tests: replays the
// canonical bodies of ../shared/data/vies/rest/ and soap/ following ../shared/data/vies/scenarios.json (the
// VIES test-service numbers):
// - POST .../rest-api/check-vat-number and .../check-vat-test-service: test-service numbers (100 valid,
//   200 invalid, 201...601 faults) for any country, the small registry of real numbers, any other
//   well-formed number answers valid=false; malformed input INVALID_INPUT, a malformed requester
//   INVALID_REQUESTER_INFO; a named requester gets the consultation number;
// - GET .../rest-api/check-status: the status body;
// - POST .../services/checkVatService: checkVat and checkVatApprox (SOAP 1.1) with the same verdicts, the
//   soap/ bodies with their values filled in, faults as soap/fault.<CODE>.xml.
// Switches: faults with HTTP 200 or 500, a delay, each endpoint down or answering a proxy's HTML error page,
// forced faults, and VIES' concurrency limits (GLOBAL_/MS_MAX_CONCURRENT_REQ beyond them).
// Needs no network. Without the shared data folder isReady() is false and tests skip.
// Lives in the thread that creates it; answers through that thread's event loop.
class FakeVies : public LoopbackHttpServer
{
    Q_OBJECT

public:
    explicit FakeVies(QObject *parent = nullptr);

    bool isReady() const;
    QString errorString() const;
    enum class Endpoint
    {
        Rest,
        Soap,
    };

    // "http://127.0.0.1:PORT/taxation_customs/vies/rest-api": the official path layout, so URL joining
    // is exercised.
    QString baseUrl() const;
    // "http://127.0.0.1:PORT/taxation_customs/vies/services/checkVatService": where the official layout
    // puts the SOAP service beside the REST API.
    QString soapUrl() const;

    // Faults come with HTTP 500 (400 for REST input errors) unless this is on: then with HTTP 200, as VIES
    // has been seen to do.
    void setFaultsWithHttp200(bool on);
    // Every answer waits this long (exercises client timeouts and, with a limit, concurrency).
    void setDelayMs(int ms);
    // While down, connections are accepted and closed at once without an answer.
    void setDown(bool down);
    void setDown(Endpoint endpoint, bool down);
    // Every check answers with this fault code ("MS_UNAVAILABLE"); empty follows scenarios.json.
    void setForcedFault(const QString &code);
    void setForcedFault(Endpoint endpoint, const QString &code);
    // Checks of this one number ("DE136695976": VIES prefix + number) answer this fault code on both
    // endpoints; empty removes it.
    void setFaultFor(const QString &vatId, const QString &code);
    // The endpoint answers this HTTP status with an HTML page, as a proxy in front of a dead service does;
    // 0 turns it off.
    void setHtmlError(Endpoint endpoint, int status);
    // Checks beyond `overall` in flight answer GLOBAL_MAX_CONCURRENT_REQ, beyond `perState` for one member
    // state MS_MAX_CONCURRENT_REQ, at once (0: no limit).
    void setConcurrencyLimits(int overall, int perState = 0);

    int requestCount() const;
    int requestCount(Endpoint endpoint) const;
    // Checks turned away by the concurrency limits.
    int rejectedCount() const;
    // The most checks ever in flight at once (accepted, not yet answered).
    int peakInFlight() const;
    void resetCounters();
    QByteArray lastRequestBody() const;
    QString lastRequestPath() const;
    // The consultation number handed out when a requester is named.
    QString consultationNumber() const;

Q_SIGNALS:
    void requestReceived(const QString &path);

protected:
    void handle(QTcpSocket *socket, const Request &request) override;
    bool refusesConnections() const override { return m_rest.down && m_soap.down; }

private:
    struct Reply : LoopbackHttpServer::Reply
    {
        QString state; // member state of an accepted check, counted in flight until answered
    };
    // What VIES says about one number: a fault code, or a verdict with name and address.
    struct Verdict
    {
        QString fault;
        bool valid = false;
        QString name;
        QString address;
    };
    struct EndpointState
    {
        bool down = false;
        QString forcedFault;
        int htmlError = 0;
        int requests = 0;
    };

    bool loadData(const QString &viesDir);
    void answer(QTcpSocket *socket, const Reply &reply);
    Reply route(const QByteArray &method, const QString &path, const QByteArray &body);
    Reply checkVatNumber(const QByteArray &body);
    Reply checkVatSoap(const QByteArray &body);
    Verdict verdict(const QString &country, const QString &number, bool namesRequester,
        const QString &requesterCountry, const QString &requesterNumber) const;
    // The limits' fault for a check of `state` arriving now, or empty when it is let in.
    QString admit(const QString &state) const;
    Reply fault(const QString &code) const;
    Reply soapFault(const QString &code) const;
    Reply json(const QJsonObject &object, int status = 200) const;
    Reply html(int status) const;
    EndpointState &endpoint(Endpoint which) { return which == Endpoint::Rest ? m_rest : m_soap; }

    QString m_error;
    QHash<QString, QJsonObject> m_bodies; // rest/ file name without ".json" -> body
    QHash<QString, QByteArray> m_soapBodies; // soap/ file name without ".xml" -> body
    QHash<QString, QString> m_testNumbers; // "100" -> "valid" | "invalid" | fault code
    QHash<QString, QJsonObject> m_registry; // "IE6388047V" -> scenarios.json registry entry
    QHash<QString, QString> m_faultFor; // "DE136695976" -> fault code
    bool m_faultsWithHttp200 = false;
    int m_delayMs = 0;
    EndpointState m_rest;
    EndpointState m_soap;
    int m_limitOverall = 0;
    int m_limitPerState = 0;
    int m_inFlight = 0;
    QHash<QString, int> m_inFlightPerState;
    int m_peakInFlight = 0;
    int m_rejected = 0;
    int m_requestCount = 0;
    QByteArray m_lastBody;
    QString m_lastPath;
};

} // namespace ades::test
