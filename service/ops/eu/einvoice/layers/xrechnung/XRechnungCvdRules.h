#pragma once

#include "XRechnungRuleContext.h"

namespace ades::eu::xrechnung {

// The clean-vehicles rules (BR-DE-CVD-01 ... BR-DE-CVD-06-b, BR-TMP-CVD-01) of invoices under the Clean
// Vehicles Directive (EU) 2019/1161, which apply only when BT-24 is exactly XRechnung's CVD identifier:
// contract and tender references, and per line the vehicle category (BT-158 with scheme CVD) together
// with the clean-vehicle attribute "cva" (BT-160/BT-161).
class XRechnungCvdRules : private XRechnungRuleContext
{
public:
    using XRechnungRuleContext::XRechnungRuleContext;
    void check();

private:
    void checkUbl();
    void checkCii();
    void checkItem(int item, const std::vector<int> &classifications, const std::vector<int> &attributes);
    void checkClassification(int code);
    void checkCleanVehicleValue(int attribute, int value);
    void reportMissingVehicleLine();
};

} // namespace ades::eu::xrechnung
