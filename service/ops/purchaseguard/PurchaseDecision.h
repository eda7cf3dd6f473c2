#pragma once

#include "SpendingAuthority.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonObject>
#include <QJsonValue>
#include <optional>

namespace ades::guard {

// The purchase guard's local checks (docs/purchase-guard.md): may an agent pay this x402 v2 challenge for
// this resource within its spending authority? Pure and synchronous: no network, no clock of its own.
//
// Each offer (`accepts` entry) is judged on its own: scheme `exact`; a network the agent allows and the
// table knows; the asset is the official USDC contract of that network with its EIP-712 name and version;
// the exact amount within the per-call cap and what is left of the per-day cap; a well-formed payTo; a
// sane maxTimeoutSeconds; not expired since the challenge was received. The challenge as a whole must be
// x402 v2 with a resource, and the resource https and the one the agent asked for. The decision:
// do_not_pay when the challenge or the resource fails or no offer passes; review when an offer passes
// with a doubt; pay when one passes cleanly (the first such, in the server's order).
class PurchaseDecision
{
public:
    enum class Verdict
    {
        Pay,
        Review,
        DoNotPay,
    };

    struct Input
    {
        QString resourceUrl;
        QJsonValue paymentRequired; // base64 string or the decoded object
        SpendingAuthority authority;
        std::optional<QDateTime> receivedAt; // when the agent received the 402; now when absent
        QDateTime now;
    };

    static PurchaseDecision decide(const Input &input);
    // A payTo check the caller made (the paid guard's sanctions screening): a block turns the decision to
    // do_not_pay, a doubt turns pay into review.
    void addPayeeCheck(const QString &id, bool blocks, bool doubts, const QString &message);

    Verdict verdict() const;
    static QString verdictName(Verdict verdict);
    QJsonObject toJson() const;
    // The chosen offer's payTo (empty when none), for checks made after the local ones.
    QString payTo() const;
    // The chosen offer's network by its setting name ("base", "arbitrum", ...; empty when none or unknown).
    QString chosenNetwork() const;
    const QJsonObject &challenge() const { return m_challenge; }

private:
    struct Reason
    {
        QString code;
        Verdict severity = Verdict::DoNotPay;
        QString message;
    };

    void add(const QString &code, Verdict severity, const QString &message);
    void judgeOffers(const Input &input);
    QJsonObject judgeOffer(const Input &input, const QJsonObject &offer, QList<Reason> &reasons) const;

    QJsonObject m_challenge;
    QList<Reason> m_reasons; // about the challenge and the resource
    QJsonArray m_offers; // each offer with its findings
    std::optional<qsizetype> m_chosen;
    bool m_chosenDoubts = false;
};

} // namespace ades::guard
