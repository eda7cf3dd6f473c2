#pragma once

#include <memory>
#include <vector>

namespace ades {

class Area;

// Every area of the service, in the order their operations are listed. The one place that names them.
std::vector<std::unique_ptr<Area>> createAreas();

} // namespace ades
