#include "LayerSelection.h"

#include "FacturxLayer.h"
#include "RuleLayer.h"
#include "peppol/PeppolLayer.h"
#include "xrechnung/XRechnungLayer.h"

#include <memory>
#include <vector>

using namespace Qt::StringLiterals;

namespace ades::eu {

namespace {

// The layers ADES implements. A layer that is named by BT-24 but missing here is reported as not checked.
const std::vector<std::unique_ptr<RuleLayer>> &implemented()
{
    static const std::vector<std::unique_ptr<RuleLayer>> layers = [] {
        std::vector<std::unique_ptr<RuleLayer>> list;
        list.push_back(std::make_unique<PeppolLayer>());
        list.push_back(std::make_unique<XRechnungLayer>());
        list.push_back(FacturxLayer::minimum());
        list.push_back(FacturxLayer::basic());
        list.push_back(FacturxLayer::en16931());
        list.push_back(FacturxLayer::basicWl());
        list.push_back(FacturxLayer::extended());
        return list;
    }();
    return layers;
}

QString facturxLayer(const QString &profile)
{
    return u"facturx-"_s + QString(profile).replace(u' ', u'-');
}

} // namespace

QString LayerSelection::profileOf(const QString &specificationId)
{
    const QString id = specificationId.trimmed().toLower();
    if (id.isEmpty())
        return {};
    if (id.contains(u"xrechnung"_s))
        return u"XRECHNUNG"_s;
    // Factur-X 1.0x / ZUGFeRD 2.1+ spell the profiles under urn:factur-x.eu, ZUGFeRD 2.0 under
    // urn:zugferd.de.
    if (id.endsWith(u":minimum"_s))
        return u"MINIMUM"_s;
    if (id.endsWith(u":basicwl"_s))
        return u"BASIC WL"_s;
    if (id.endsWith(u":basic"_s))
        return u"BASIC"_s;
    if (id.endsWith(u":extended"_s))
        return u"EXTENDED"_s;
    if (id == u"urn:cen.eu:en16931:2017"_s || id.endsWith(u":en16931"_s) || id.endsWith(u":comfort"_s))
        return u"EN16931"_s;
    return {};
}

bool LayerSelection::en16931Applies(const QString &profile)
{
    return profile != u"MINIMUM"_s && profile != u"BASIC WL"_s && profile != u"EXTENDED"_s;
}

QStringList LayerSelection::automatic(const QString &specificationId, bool inPdf)
{
    const QString lower = specificationId.trimmed().toLower();
    if (lower.contains(u"xrechnung"_s))
        return { u"xrechnung"_s };
    if (lower.contains(u"peppol.eu:2017:poacc:billing"_s))
        return { u"peppol"_s };
    const QString profile = profileOf(specificationId);
    if (profile.isEmpty() || profile == u"XRECHNUNG"_s)
        return {};
    // A bare "urn:cen.eu:en16931:2017" is any CEN invoice; only a hybrid PDF makes it Factur-X EN16931.
    if (profile == u"EN16931"_s && !inPdf && !lower.contains(u"factur-x"_s) && !lower.contains(u"zugferd"_s))
        return {};
    return { facturxLayer(profile) };
}

QStringList LayerSelection::known()
{
    return { u"peppol"_s, u"xrechnung"_s, facturxLayer(u"MINIMUM"_s), facturxLayer(u"BASIC WL"_s),
        facturxLayer(u"BASIC"_s), facturxLayer(u"EN16931"_s), facturxLayer(u"EXTENDED"_s) };
}

const RuleLayer *LayerSelection::find(const QString &name)
{
    for (const std::unique_ptr<RuleLayer> &layer : implemented()) {
        if (layer->name() == name)
            return layer.get();
    }
    return nullptr;
}

} // namespace ades::eu
