print("WireBench: under construction")
