#include "RegulatoryRouting.h"

#include "ops/us/readiness/ImportInput.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>

using namespace Qt::StringLiterals;

namespace ades::us {

namespace {

const QJsonObject &table()
{
    static const QJsonObject loaded = []() {
        QFile file(u":/us/regulatory-routing.json"_s);
        if (!file.open(QIODevice::ReadOnly))
            qFatal("us: the bundled regulatory routing table is missing");
        const QJsonObject t = QJsonDocument::fromJson(file.readAll()).object();
        // Every risk answer must have its route: a member without one would be routed nowhere.
        for (const QString &member : ImportInput::riskMembers()) {
            if (!t.value(u"routes"_s).toObject().value(member).isObject())
                qFatal("us: regulatory routing table lacks %s", qPrintable(member));
        }
        return t;
    }();
    return loaded;
}

} // namespace

QString RegulatoryRouting::tableVersion()
{
    return table().value(u"version"_s).toString();
}

bool RegulatoryRouting::stopsOnYes(const QString &member)
{
    return table().value(u"routes"_s).toObject().value(member).toObject().value(u"on_yes"_s).toString()
        == u"do_not_forward"_s;
}

RegulatoryRouting::Outcome RegulatoryRouting::route(const ImportInput &input)
{
    Outcome out;
    const QJsonObject routes = table().value(u"routes"_s).toObject();
    QJsonArray routed;
    QJsonArray notDeclared;
    for (const QString &member : ImportInput::riskMembers()) {
        const ImportInput::Answer answer = input.riskAnswers.value(member, ImportInput::Answer::Unknown);
        if (answer == ImportInput::Answer::No) {
            notDeclared.append(member);
            continue;
        }
        const QJsonObject route = routes.value(member).toObject();
        const bool yes = answer == ImportInput::Answer::Yes;
        const bool stops = yes && stopsOnYes(member);
        routed.append(QJsonObject {
            { u"attribute"_s, member },
            { u"answer"_s, ImportInput::answerName(answer) },
            { u"agency"_s, route.value(u"agency"_s) },
            { u"agency_name"_s, route.value(u"agency_name"_s) },
            { u"program"_s, route.value(u"program"_s) },
            { u"reference"_s, route.value(u"reference"_s) },
            { u"effect"_s, stops ? u"do_not_forward"_s : u"review"_s },
            { u"action"_s, route.value(u"action"_s) },
        });
        DecisionReason reason;
        reason.weight = stops ? DecisionReason::Weight::Stop : DecisionReason::Weight::Review;
        reason.part = u"regulatory_routing"_s;
        const QString agency = route.value(u"agency"_s).toString();
        if (yes) {
            reason.code = stops ? u"prohibited_for_forwarding"_s : u"regulated_attribute"_s;
            reason.message = u"%1 is declared: governed by %2 (%3)."_s.arg(
                member, agency, route.value(u"program"_s).toString());
            reason.action = route.value(u"action"_s).toString();
        } else {
            reason.code = u"risk_answer_unknown"_s;
            reason.message
                = u"%1 is unknown; unknown is never read as no. If it applies, %2 governs it."_s.arg(
                    member, agency);
            reason.action
                = u"Find out whether %1 applies (ask the seller) and run the free check and the dossier "
                  "again with yes or no."_s.arg(member);
        }
        out.reasons.append(reason);
    }
    out.json = QJsonObject {
        { u"routed"_s, routed },
        { u"answered_no"_s, notDeclared },
        { u"table_version"_s, tableVersion() },
        { u"note"_s,
            u"Routing follows the buyer's answers; it does not establish admissibility, and attributes "
            u"answered "
            "no are not verified."_s },
    };
    return out;
}

} // namespace ades::us
