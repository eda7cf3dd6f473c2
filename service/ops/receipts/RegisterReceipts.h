#pragma once

namespace ades {

class Catalog;
struct OpsContext;

void registerReceiptOperations(Catalog &catalog, const OpsContext &context);

} // namespace ades
